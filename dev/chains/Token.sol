// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A minimal ERC-20 for the local chains, minted by its deployer; Token (USDC) and Dai below
/// differ only in their name, symbol and decimals.
abstract contract DemoToken {
    function name() external pure virtual returns (string memory);
    function symbol() external pure virtual returns (string memory);
    function decimals() external pure virtual returns (uint8);

    address public immutable owner;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    /// Mints `amount` to every holder, so start-up needs a single transaction per chain.
    constructor(address[] memory holders, uint256 amount) {
        owner = msg.sender;
        for (uint256 i = 0; i < holders.length; i++) _mint(holders[i], amount);
    }

    function mint(address to, uint256 amount) external {
        require(msg.sender == owner, "ERC20: not owner");
        _mint(to, amount);
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            require(allowed >= amount, "ERC20: insufficient allowance");
            allowance[from][msg.sender] = allowed - amount;
        }
        _transfer(from, to, amount);
        return true;
    }

    function _transfer(address from, address to, uint256 amount) internal {
        require(to != address(0), "ERC20: transfer to the zero address");
        uint256 balance = balanceOf[from];
        require(balance >= amount, "ERC20: transfer amount exceeds balance");
        balanceOf[from] = balance - amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }

    function _mint(address to, uint256 amount) internal {
        require(to != address(0), "ERC20: mint to the zero address");
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }
}

/// USDC-like: 6 decimals.
contract Token is DemoToken {
    string public constant override name = "USD Coin";
    string public constant override symbol = "USDC";
    uint8 public constant override decimals = 6;

    constructor(address[] memory holders, uint256 amount) DemoToken(holders, amount) {}
}

/// The DEX's second token: DAI-like, 18 decimals.
contract Dai is DemoToken {
    string public constant override name = "Dai Stablecoin";
    string public constant override symbol = "DAI";
    uint8 public constant override decimals = 18;

    constructor(address[] memory holders, uint256 amount) DemoToken(holders, amount) {}
}
