// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC1271} from "@openzeppelin/contracts/interfaces/IERC1271.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";

/// @title ERC1271Wallet
/// @notice A test contract wallet, as a Safe is to its owner: it makes any call its owner asks and
/// accepts as its own signature whatever its owner signs (ERC-1271). For the tests of a lender
/// that is a contract and claims its escrow by signature.
contract ERC1271Wallet is IERC1271 {
    /// @notice Only the owner may use the wallet.
    /// @param caller Who tried.
    error NotOwner(address caller);

    /// @notice The key that acts and signs for the wallet.
    address public immutable owner;

    /// @param owner_ The key that acts and signs for the wallet.
    constructor(address owner_) {
        owner = owner_;
    }

    /// @notice Calls `target` with `data` as the wallet, bubbling any revert. Owner only.
    /// @param target The contract to call.
    /// @param data The call.
    function execute(address target, bytes calldata data) external returns (bytes memory answer) {
        if (msg.sender != owner) {
            revert NotOwner(msg.sender);
        }
        bool ok;
        (ok, answer) = target.call(data);
        if (!ok) {
            assembly ("memory-safe") {
                revert(add(answer, 0x20), mload(answer))
            }
        }
    }

    /// @inheritdoc IERC1271
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        (address signer, ECDSA.RecoverError error,) = ECDSA.tryRecover(hash, signature);
        return error == ECDSA.RecoverError.NoError && signer == owner ? this.isValidSignature.selector : bytes4(0);
    }
}
