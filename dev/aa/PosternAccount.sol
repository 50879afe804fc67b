// SPDX-License-Identifier: GPL-3.0
pragma solidity ^0.8.23;

// The eth-infinitism SimpleAccount (v0.7, from @account-abstraction/contracts) has no ERC-1271,
// so a site could not verify what the smart account signs. This adds isValidSignature over a
// replay-safe EIP-712 hash bound to the account and chain (the owner's plain personal_sign of the
// same message does not pass), and a factory identical to SimpleAccountFactory for it.
// User operations, too, take only an EIP-712 signature in the account's domain: SimpleAccount's
// EIP-191 signature of the raw userOp hash is what any personal_sign of 32 bytes produces, so a
// site could have the owner "sign a message" that spends from the account.

import "@openzeppelin/contracts/utils/Create2.sol";
import "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol";
import "@openzeppelin/contracts/interfaces/IERC1271.sol";
import "@account-abstraction/contracts/samples/SimpleAccount.sol";

contract PosternAccount is SimpleAccount, IERC1271 {
    /// A smart session (ERC-7715 as the embedded wallet grants it): a key the site holds may have
    /// this account call the listed targets, moving at most `allowance` wei in all, until `validUntil`.
    struct Session { uint48 validUntil; uint128 allowance; uint128 spent; bool active; }
    mapping(address => Session) public sessions;
    mapping(address => mapping(address => bool)) public sessionTargets;
    event SessionGranted(address indexed key, uint48 validUntil, uint128 allowance);
    event SessionRevoked(address indexed key);

    bytes32 private constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 private constant MESSAGE_TYPEHASH = keccak256("PosternAccountMessage(bytes32 hash)");
    bytes32 private constant USER_OPERATION_TYPEHASH = keccak256("PosternUserOperation(bytes32 userOpHash)");

    constructor(IEntryPoint anEntryPoint) SimpleAccount(anEntryPoint) {}

    function _domainSeparator() private view returns (bytes32) {
        return keccak256(abi.encode(DOMAIN_TYPEHASH, keccak256("Postern Account"), keccak256("1"), block.chainid, address(this)));
    }

    /// The hash the owner signs for `hash` (EIP-712, domain "Postern Account" version "1").
    function replaySafeHash(bytes32 hash) public view returns (bytes32) {
        return keccak256(abi.encodePacked("\x19\x01", _domainSeparator(), keccak256(abi.encode(MESSAGE_TYPEHASH, hash))));
    }

    /// The hash a user operation's signer signs: PosternUserOperation(userOpHash) in the same domain.
    function userOperationSigningHash(bytes32 userOpHash) public view returns (bytes32) {
        return keccak256(abi.encodePacked("\x19\x01", _domainSeparator(), keccak256(abi.encode(USER_OPERATION_TYPEHASH, userOpHash))));
    }

    /// Only the owner, or the account itself (a user operation the owner signed).
    function grantSession(address key, address[] calldata targets, uint128 allowance, uint48 validUntil) external {
        _onlyOwner();
        sessions[key] = Session(validUntil, allowance, 0, true);
        for (uint256 i = 0; i < targets.length; i++) sessionTargets[key][targets[i]] = true;
        emit SessionGranted(key, validUntil, allowance);
    }

    function revokeSession(address key) external {
        _onlyOwner();
        delete sessions[key];
        emit SessionRevoked(key);
    }

    /// The owner's signature (65 bytes), or a session key's: its address (20 bytes) then its
    /// signature, both of userOperationSigningHash (EIP-712), never of the bare userOpHash; for one execute() to a granted target within the allowance and expiry. The scope
    /// is checked whatever the signature, so gas estimation runs the same path.
    function _validateSignature(PackedUserOperation calldata userOp, bytes32 userOpHash)
    internal override returns (uint256 validationData) {
        bytes32 signing = userOperationSigningHash(userOpHash);
        if (userOp.signature.length != 85) {
            (address owner_, ECDSA.RecoverError error_,) = ECDSA.tryRecover(signing, userOp.signature);
            return error_ == ECDSA.RecoverError.NoError && owner_ == owner ? SIG_VALIDATION_SUCCESS : SIG_VALIDATION_FAILED;
        }
        address key = address(bytes20(userOp.signature[0:20]));
        Session storage s = sessions[key];
        if (!s.active || userOp.callData.length < 4 || bytes4(userOp.callData[0:4]) != this.execute.selector) return SIG_VALIDATION_FAILED;
        (address dest, uint256 value,) = abi.decode(userOp.callData[4:], (address, uint256, bytes));
        if (dest == address(this) || !sessionTargets[key][dest] || uint256(s.spent) + value > s.allowance) return SIG_VALIDATION_FAILED;
        s.spent += uint128(value);
        (address signer, ECDSA.RecoverError err,) = ECDSA.tryRecover(signing, userOp.signature[20:]);
        return _packValidationData(err != ECDSA.RecoverError.NoError || signer != key, s.validUntil, 0);
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
