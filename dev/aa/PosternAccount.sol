// SPDX-License-Identifier: GPL-3.0
pragma solidity ^0.8.23;

// The eth-infinitism SimpleAccount (v0.7, from @account-abstraction/contracts) has no ERC-1271,
// so a site could not verify what the smart account signs. This adds isValidSignature over a
// replay-safe EIP-712 hash bound to the account and chain (the owner's plain personal_sign of the
// same message does not pass), and a factory identical to SimpleAccountFactory for it.

import "@openzeppelin/contracts/utils/Create2.sol";
import "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol";
import "@openzeppelin/contracts/interfaces/IERC1271.sol";
import "@account-abstraction/contracts/samples/SimpleAccount.sol";

contract PosternAccount is SimpleAccount, IERC1271 {
    bytes32 private constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 private constant MESSAGE_TYPEHASH = keccak256("PosternAccountMessage(bytes32 hash)");

    constructor(IEntryPoint anEntryPoint) SimpleAccount(anEntryPoint) {}

    /// The hash the owner signs for `hash` (EIP-712, domain "Postern Account" version "1").
    function replaySafeHash(bytes32 hash) public view returns (bytes32) {
        bytes32 domain = keccak256(abi.encode(
            DOMAIN_TYPEHASH, keccak256("Postern Account"), keccak256("1"), block.chainid, address(this)
        ));
        return keccak256(abi.encodePacked("\x19\x01", domain, keccak256(abi.encode(MESSAGE_TYPEHASH, hash))));
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        (address signer, ECDSA.RecoverError err,) = ECDSA.tryRecover(replaySafeHash(hash), signature);
        if (err == ECDSA.RecoverError.NoError && signer == owner) return IERC1271.isValidSignature.selector;
        return 0xffffffff;
    }
}

contract PosternAccountFactory {
    PosternAccount public immutable accountImplementation;

    constructor(IEntryPoint _entryPoint) {
        accountImplementation = new PosternAccount(_entryPoint);
    }

    /// Creates the account, or returns it when it exists (so getSenderAddress works either way).
    function createAccount(address owner, uint256 salt) public returns (PosternAccount ret) {
        address addr = getAddress(owner, salt);
        if (addr.code.length > 0) return PosternAccount(payable(addr));
        ret = PosternAccount(payable(new ERC1967Proxy{salt: bytes32(salt)}(
            address(accountImplementation), abi.encodeCall(SimpleAccount.initialize, (owner))
        )));
    }

    function getAddress(address owner, uint256 salt) public view returns (address) {
        return Create2.computeAddress(bytes32(salt), keccak256(abi.encodePacked(
            type(ERC1967Proxy).creationCode,
            abi.encode(address(accountImplementation), abi.encodeCall(SimpleAccount.initialize, (owner)))
        )));
    }
}
