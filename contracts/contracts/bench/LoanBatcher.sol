// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

import {IMicroLending} from "../interfaces/IMicroLending.sol";

/// @title BenchBorrower
/// @notice Bench-only: one borrower that requests and repays many {IMicroLending} loans per
/// transaction, so that a generator can fill a local chain's blocks with lending history (see
/// contracts/bench/generate-loans.ts). It is the loans' borrower (MicroLending's msg.sender).
/// Never deployed outside a local chain.
/// @dev Anyone may drive it: it only ever holds worthless MockUSDC minted for a benchmark.
contract BenchBorrower {
    using SafeERC20 for IERC20;

    IMicroLending private immutable LENDING;

    /// @notice Approves the lending contract to take this borrower's USDC for repayments.
    /// @param lending The lending contract to borrow from.
    constructor(IMicroLending lending) {
        LENDING = lending;
        IERC20(lending.usdc()).forceApprove(address(lending), type(uint256).max);
    }

    /// @notice Requests `count` loans of the same terms; their ids are consecutive.
    /// @dev Emits {IMicroLending-LoanRequested} once per loan.
    /// @param count How many loans to request.
    /// @param amount Each loan's principal (6-decimal units).
    /// @param duration Each loan's term in seconds.
    function requestLoans(uint256 count, uint256 amount, uint256 duration) external {
        for (uint256 i = 0; i < count; ++i) {
            LENDING.requestLoan(amount, duration);
        }
    }

    /// @notice Repays each loan in `ids`, which this contract borrowed.
    /// @dev Emits {IMicroLending-LoanRepaid} once per loan.
    /// @param ids The loans to repay.
    function repayLoans(uint256[] calldata ids) external {
        for (uint256 i = 0; i < ids.length; ++i) {
            LENDING.repayLoan(ids[i]);
        }
    }
}

/// @title BenchLender
/// @notice Bench-only: one lender that funds many {IMicroLending} loans per transaction (see
/// {BenchBorrower}). It is the loans' lender (MicroLending's msg.sender). Never deployed outside a
/// local chain.
/// @dev Anyone may drive it: it only ever holds worthless MockUSDC minted for a benchmark.
contract BenchLender {
    using SafeERC20 for IERC20;

    IMicroLending private immutable LENDING;

    /// @notice Approves the lending contract to take this lender's USDC for fundings.
    /// @param lending The lending contract to lend through.
    constructor(IMicroLending lending) {
        LENDING = lending;
        IERC20(lending.usdc()).forceApprove(address(lending), type(uint256).max);
    }

    /// @notice Funds each loan in `ids` at the same APR.
    /// @dev Emits {IMicroLending-LoanFunded} (and {IMicroLending-FeeDeducted} when the fee is not
    /// zero) once per loan.
    /// @param ids The loans to fund; none may be this contract's own.
    /// @param aprBps The APR for every one of them, in basis points.
    function fundLoans(uint256[] calldata ids, uint256 aprBps) external {
        for (uint256 i = 0; i < ids.length; ++i) {
            LENDING.fundLoan(ids[i], aprBps);
        }
    }
}
