// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {BlacklistableUSDC} from "./BlacklistableUSDC.sol";

/// @title ReentrantToken
/// @notice A test token that, once armed, calls back into a target during its next transfer, as a
/// malicious token would. For the reentrancy tests; it can also blacklist, to reach the escrow path.
contract ReentrantToken is BlacklistableUSDC {
    address private _target;
    bytes private _callData;

    /// @notice Arms the token: its next transfer calls `target` with `callData` first, bubbling any
    /// revert.
    /// @param target The contract to call back.
    /// @param callData The call to make.
    function arm(address target, bytes calldata callData) external {
        _target = target;
        _callData = callData;
    }

    function _update(address from, address to, uint256 value) internal override {
        address target = _target;
        if (target != address(0)) {
            _target = address(0);
            (bool ok, bytes memory answer) = target.call(_callData);
            if (!ok) {
                assembly ("memory-safe") {
                    revert(add(answer, 0x20), mload(answer))
                }
            }
        }
        super._update(from, to, value);
    }
}
