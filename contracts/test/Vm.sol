// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @dev The few Foundry-compatible cheatcodes these tests use. Hardhat's Solidity test runner
/// (EDR) serves them at the standard cheatcode address; there is no forge-std in this project.
interface Vm {
    function warp(uint256 newTimestamp) external;
    function prank(address msgSender) external;
    function startPrank(address msgSender) external;
    function stopPrank() external;
    function expectRevert(bytes calldata revertData) external;
    function expectRevert(bytes4 revertSelector) external;
    function assume(bool condition) external pure;
    function label(address account, string calldata newLabel) external;
}

/// @dev The cheatcode handle and the small helpers shared by the tests and the invariant handler.
abstract contract CheatCodes {
    Vm internal constant vm = Vm(0x7109709ECfa91a80626fF3989D68f67F5b1DD12D);

    /// @dev Maps `x` into [lo, hi]: values already inside are kept (so the fuzzer's boundary
    /// values stay boundary values), the rest wrap around.
    function bound(uint256 x, uint256 lo, uint256 hi) internal pure returns (uint256) {
        require(lo <= hi, "bound: lo > hi");
        if (x >= lo && x <= hi) {
            return x;
        }
        uint256 span = hi - lo;
        if (span == type(uint256).max) {
            return x;
        }
        return lo + (x % (span + 1));
    }

    function ceilDiv(uint256 a, uint256 b) internal pure returns (uint256) {
        return a == 0 ? 0 : (a - 1) / b + 1;
    }

    function min(uint256 a, uint256 b) internal pure returns (uint256) {
        return a < b ? a : b;
    }
}
