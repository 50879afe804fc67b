// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// The part of Farcaster's IdRegistry (OP Mainnet) a sign-in check reads: custodyOf(fid) and
/// idOf(custody), with the same signatures and event. The local stack's registrar (its deployer)
/// assigns fids, where the real registry lets anyone register the next one.
contract IdRegistry {
    address public immutable registrar;
    mapping(uint256 => address) public custodyOf;
    mapping(address => uint256) public idOf;

    event Register(address indexed to, uint256 indexed id, address recovery);
    event Transfer(address indexed from, address indexed to, uint256 indexed id);

    constructor() {
        registrar = msg.sender;
    }

    /// Gives `fid` to `custody`, or moves it there (an fid has one custody address, an address one fid).
    function registerFor(uint256 fid, address custody) external {
        require(msg.sender == registrar, "only the registrar");
        require(fid != 0 && custody != address(0), "no fid or custody");
        require(idOf[custody] == 0 || idOf[custody] == fid, "custody holds another fid");
        address previous = custodyOf[fid];
        if (previous != address(0)) delete idOf[previous];
        custodyOf[fid] = custody;
        idOf[custody] = fid;
        if (previous == address(0)) emit Register(custody, fid, address(0));
        else emit Transfer(previous, custody, fid);
    }
}
