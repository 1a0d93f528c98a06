// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {MockUSDC} from "./MockUSDC.sol";

/// @title BlacklistableUSDC
/// @notice A test token that, like Circle's USDC, refuses transfers to or from a blacklisted
/// address. For the liveness tests: a blacklisted lender must not be able to block repayment.
contract BlacklistableUSDC is MockUSDC {
    /// @notice The address is blacklisted.
    /// @param account The blacklisted address.
    error Blacklisted(address account);

    /// @notice Whether an address is blacklisted.
    mapping(address account => bool) public isBlacklisted;

    /// @notice Blacklists or clears `account`. Anyone may: this is a test token.
    /// @param account The address.
    /// @param blacklisted Whether it is blacklisted from now on.
    function setBlacklisted(address account, bool blacklisted) external {
        isBlacklisted[account] = blacklisted;
    }

    function _update(address from, address to, uint256 value) internal virtual override {
        if (isBlacklisted[from]) {
            revert Blacklisted(from);
        }
        if (isBlacklisted[to]) {
            revert Blacklisted(to);
        }
        super._update(from, to, value);
    }
}
