// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// A minimal smart account for the SIWX tests: EIP-1271 by its owner's ECDSA signature.
contract Wallet1271 {
    address public owner;

    constructor(address o) {
        owner = o;
    }

    function isValidSignature(bytes32 hash, bytes calldata sig) external view returns (bytes4) {
        if (sig.length != 65) return 0xffffffff;
        bytes32 r;
        bytes32 s;
        uint8 v;
        assembly {
            r := calldataload(sig.offset)
            s := calldataload(add(sig.offset, 32))
            v := byte(0, calldataload(add(sig.offset, 64)))
        }
        return ecrecover(hash, v, r, s) == owner ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
    }
}

// Deploys Wallet1271 by CREATE2, so an undeployed account can sign by EIP-6492.
contract WalletFactory {
    function deploy(address o, bytes32 salt) external returns (address) {
        return address(new Wallet1271{salt: salt}(o));
    }
}
