// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";

import {MicroLending} from "../contracts/MicroLending.sol";
import {IMicroLending} from "../contracts/interfaces/IMicroLending.sol";
import {BlacklistableUSDC} from "../contracts/mocks/BlacklistableUSDC.sol";

import {MicroLendingHandler} from "./MicroLendingHandler.sol";
import {CheatCodes} from "./Vm.sol";

/// @dev Deploys a fresh MicroLending on a BlacklistableUSDC (a MockUSDC that can also refuse
/// transfers, for the escrow path) and holds the helpers both test contracts use.
abstract contract MicroLendingTestBase is CheatCodes {
    address internal constant OWNER = address(0x0A11CE);
    address internal constant FEE_RECIPIENT = address(0x0FEE);
    address internal constant BORROWER = address(0x0B0B);
    address internal constant LENDER = address(0x1E4D);

    uint256 internal constant START = 1_700_000_000;

    // The constructor's defaults, as documented (not read back from the contract).
    uint256 internal constant MIN_AMOUNT = 10_000;
    uint256 internal constant MAX_AMOUNT = 10_000_000;
    uint256 internal constant MIN_DURATION = 7 days;
    uint256 internal constant MAX_DURATION = 90 days;
    uint256 internal constant FEE_BPS = 100;
    uint256 internal constant MAX_APR = 2_000;
    uint256 internal constant PENALTY_BPS = 100;
    uint256 internal constant GRACE = 3 days;
    uint256 internal constant INTERVAL = 1 days;
    uint256 internal constant MAX_INTERVALS = 30;

    BlacklistableUSDC internal usdc;
    MicroLending internal lending;

    function setUp() public virtual {
        vm.warp(START);
        usdc = new BlacklistableUSDC();
        lending = new MicroLending(IERC20(address(usdc)), OWNER, FEE_RECIPIENT);
        vm.prank(BORROWER);
        usdc.approve(address(lending), type(uint256).max);
        vm.prank(LENDER);
        usdc.approve(address(lending), type(uint256).max);
        vm.label(address(usdc), "usdc");
        vm.label(address(lending), "lending");
        vm.label(OWNER, "owner");
        vm.label(FEE_RECIPIENT, "feeRecipient");
        vm.label(BORROWER, "borrower");
        vm.label(LENDER, "lender");
    }

    function assertEq(uint256 a, uint256 b, string memory what) internal pure {
        if (a != b) {
            revert(string.concat(what, ": ", Strings.toString(a), " != ", Strings.toString(b)));
        }
    }

    function assertEq(address a, address b, string memory what) internal pure {
        if (a != b) {
            revert(string.concat(what, ": ", Strings.toHexString(a), " != ", Strings.toHexString(b)));
        }
    }

    function assertStatus(uint256 id, IMicroLending.LoanStatus expected, string memory what) internal view {
        assertEq(uint256(lending.getLoan(id).status), uint256(expected), what);
    }
}

/// @dev Unit and fuzz tests.
contract MicroLendingTest is MicroLendingTestBase {
    /// @dev A loan's money terms, and the penalty terms in force when it is repaid.
    struct Terms {
        uint256 principal;
        uint256 duration;
        uint256 apr;
        uint256 fundedAt;
        uint256 penaltyBps;
        uint256 grace;
        uint256 interval;
        uint256 maxIntervals;
    }

    // ─── requestLoan ─────────────────────────────────────────────────────────────────────────

    function test_constructor_setsDefaultParameters() public view {
        IMicroLending.Parameters memory p = lending.parameters();
        assertEq(p.feeBps, FEE_BPS, "feeBps");
        assertEq(p.feeRecipient, FEE_RECIPIENT, "feeRecipient");
        assertEq(p.penaltyBps, PENALTY_BPS, "penaltyBps");
        assertEq(p.gracePeriod, GRACE, "gracePeriod");
        assertEq(p.penaltyInterval, INTERVAL, "penaltyInterval");
        assertEq(p.maxPenaltyIntervals, MAX_INTERVALS, "maxPenaltyIntervals");
        assertEq(p.minLoanAmount, MIN_AMOUNT, "minLoanAmount");
        assertEq(p.maxLoanAmount, MAX_AMOUNT, "maxLoanAmount");
        assertEq(p.minDuration, MIN_DURATION, "minDuration");
        assertEq(p.maxDuration, MAX_DURATION, "maxDuration");
        assertEq(p.maxAprBps, MAX_APR, "maxAprBps");
        assertEq(lending.owner(), OWNER, "owner");
        assertEq(lending.usdc(), address(usdc), "usdc");
        assertEq(lending.loanCounter(), 0, "loanCounter");
    }

    function testFuzz_requestLoan_acceptsAmountAndDurationInRange(uint256 amount, uint256 duration, uint256 capSteps)
        public
    {
        amount = bound(amount, MIN_AMOUNT, MAX_AMOUNT);
        duration = bound(duration, MIN_DURATION, MAX_DURATION);
        uint256 cap = capSteps % 2 == 0 ? 0 : 50 * bound(capSteps, 2, 100);

        vm.prank(BORROWER);
        uint256 id = cap == 0 ? lending.requestLoan(amount, duration) : lending.requestLoan(amount, duration, cap);

        assertEq(id, 1, "id");
        assertEq(lending.loanCounter(), 1, "loanCounter");
        IMicroLending.Loan memory loan = lending.getLoan(id);
        assertEq(loan.id, id, "loan.id");
        assertEq(loan.borrower, BORROWER, "borrower");
        assertEq(loan.lender, address(0), "lender");
        assertEq(loan.principal, amount, "principal");
        assertEq(loan.duration, duration, "duration");
        assertEq(loan.maxAprBps, cap, "maxAprBps");
        assertEq(uint256(loan.status), uint256(IMicroLending.LoanStatus.Requested), "status");
        assertEq(loan.startDate, 0, "startDate");
        assertEq(loan.interest, 0, "interest");
    }

    function test_requestLoan_acceptsExactLimits() public {
        vm.startPrank(BORROWER);
        lending.requestLoan(MIN_AMOUNT, MIN_DURATION);
        lending.requestLoan(MAX_AMOUNT, MAX_DURATION);
        lending.requestLoan(MIN_AMOUNT, MAX_DURATION, 100);
        lending.requestLoan(MAX_AMOUNT, MIN_DURATION, 5_000);
        vm.stopPrank();

        assertEq(lending.loanCounter(), 4, "loanCounter");
        assertEq(lending.getLoan(2).principal, MAX_AMOUNT, "max principal");
        assertEq(lending.getLoan(2).duration, MAX_DURATION, "max duration");
        assertEq(lending.getLoan(3).maxAprBps, 100, "min cap");
        assertEq(lending.getLoan(4).maxAprBps, 5_000, "max cap");
    }

    function test_requestLoan_revertsJustOutsideLimits() public {
        bytes4 amountError = IMicroLending.MicroLending__AmountOutOfRange.selector;
        bytes4 durationError = IMicroLending.MicroLending__DurationOutOfRange.selector;
        vm.startPrank(BORROWER);
        vm.expectRevert(abi.encodeWithSelector(amountError, MIN_AMOUNT - 1, MIN_AMOUNT, MAX_AMOUNT));
        lending.requestLoan(MIN_AMOUNT - 1, MIN_DURATION);
        vm.expectRevert(abi.encodeWithSelector(amountError, MAX_AMOUNT + 1, MIN_AMOUNT, MAX_AMOUNT));
        lending.requestLoan(MAX_AMOUNT + 1, MIN_DURATION);
        vm.expectRevert(abi.encodeWithSelector(durationError, MIN_DURATION - 1, MIN_DURATION, MAX_DURATION));
        lending.requestLoan(MIN_AMOUNT, MIN_DURATION - 1);
        vm.expectRevert(abi.encodeWithSelector(durationError, MAX_DURATION + 1, MIN_DURATION, MAX_DURATION));
        lending.requestLoan(MIN_AMOUNT, MAX_DURATION + 1);
        vm.stopPrank();
        assertEq(lending.loanCounter(), 0, "loanCounter");
    }

    function testFuzz_requestLoan_revertsWhenAmountOutOfRange(uint256 amount, uint256 duration, bool below) public {
        amount = below ? bound(amount, 0, MIN_AMOUNT - 1) : bound(amount, MAX_AMOUNT + 1, type(uint256).max);
        duration = bound(duration, MIN_DURATION, MAX_DURATION);
        bytes memory expected = abi.encodeWithSelector(
            IMicroLending.MicroLending__AmountOutOfRange.selector, amount, MIN_AMOUNT, MAX_AMOUNT
        );

        vm.expectRevert(expected);
        vm.prank(BORROWER);
        lending.requestLoan(amount, duration);

        vm.expectRevert(expected);
        vm.prank(BORROWER);
        lending.requestLoan(amount, duration, 1_000);

        assertEq(lending.loanCounter(), 0, "loanCounter");
    }

    function testFuzz_requestLoan_revertsWhenDurationOutOfRange(uint256 amount, uint256 duration, bool below) public {
        amount = bound(amount, MIN_AMOUNT, MAX_AMOUNT);
        duration = below ? bound(duration, 0, MIN_DURATION - 1) : bound(duration, MAX_DURATION + 1, type(uint256).max);
        bytes memory expected = abi.encodeWithSelector(
            IMicroLending.MicroLending__DurationOutOfRange.selector, duration, MIN_DURATION, MAX_DURATION
        );

        vm.expectRevert(expected);
        vm.prank(BORROWER);
        lending.requestLoan(amount, duration);

        vm.expectRevert(expected);
        vm.prank(BORROWER);
        lending.requestLoan(amount, duration, 1_000);

        assertEq(lending.loanCounter(), 0, "loanCounter");
    }

    // ─── fundLoan ────────────────────────────────────────────────────────────────────────────

    /// @dev Valid iff 100 <= apr <= min(platform max, borrower cap) and apr % 50 == 0. The APR is
    /// shaped to land near the valid range and on or off the 50-bps grid; `useRaw` also tries any
    /// uint256.
    function testFuzz_fundLoan_aprValidIffInRangeAndOnStep(
        uint256 aprSteps,
        uint8 offset,
        uint256 capSteps,
        uint256 rawApr,
        bool useRaw
    ) public {
        uint256 cap = capSteps % 3 == 0 ? 0 : 50 * bound(capSteps, 2, 100);
        uint256 effectiveMax = cap == 0 ? MAX_APR : min(cap, MAX_APR);
        uint256 apr = useRaw ? rawApr : bound(aprSteps, 0, 110) * 50 + (offset % 4 == 0 ? 0 : bound(offset, 1, 49));
        bool valid = apr >= 100 && apr <= effectiveMax && apr % 50 == 0;

        uint256 principal = 1e6;
        vm.prank(BORROWER);
        uint256 id = cap == 0 ? lending.requestLoan(principal, 30 days) : lending.requestLoan(principal, 30 days, cap);
        usdc.mint(LENDER, principal);

        if (!valid) {
            vm.expectRevert(
                abi.encodeWithSelector(IMicroLending.MicroLending__InvalidApr.selector, apr, effectiveMax)
            );
        }
        vm.prank(LENDER);
        lending.fundLoan(id, apr);

        IMicroLending.Loan memory loan = lending.getLoan(id);
        if (valid) {
            assertEq(uint256(loan.status), uint256(IMicroLending.LoanStatus.Funded), "status");
            assertEq(loan.aprBps, apr, "aprBps");
            assertEq(loan.lender, LENDER, "lender");
        } else {
            assertEq(uint256(loan.status), uint256(IMicroLending.LoanStatus.Requested), "status");
            assertEq(usdc.balanceOf(LENDER), principal, "lender balance");
        }
    }

    function testFuzz_fundLoan_revertsWhenLenderIsBorrower(uint256 amount, uint256 aprSteps) public {
        amount = bound(amount, MIN_AMOUNT, MAX_AMOUNT);
        uint256 apr = 50 * bound(aprSteps, 2, MAX_APR / 50);
        uint256 id = _request(amount, 30 days);
        usdc.mint(BORROWER, amount);

        vm.expectRevert(abi.encodeWithSelector(IMicroLending.MicroLending__LenderIsBorrower.selector, id));
        vm.prank(BORROWER);
        lending.fundLoan(id, apr);

        assertStatus(id, IMicroLending.LoanStatus.Requested, "status");
    }

    // ─── Money ───────────────────────────────────────────────────────────────────────────────

    /// @dev Default penalty terms; repaid anywhere from the funding block to well past the
    /// penalty cap.
    function testFuzz_repayLoan_lenderReceivesPrincipalInterestAndPenalty(
        uint256 principal,
        uint256 duration,
        uint256 aprSteps,
        uint256 repayDelay
    ) public {
        Terms memory t;
        t.principal = bound(principal, MIN_AMOUNT, MAX_AMOUNT);
        t.duration = bound(duration, MIN_DURATION, MAX_DURATION);
        t.apr = 50 * bound(aprSteps, 2, MAX_APR / 50);
        t.penaltyBps = PENALTY_BPS;
        t.grace = GRACE;
        t.interval = INTERVAL;
        t.maxIntervals = MAX_INTERVALS;

        uint256 id = _request(t.principal, t.duration);
        t.fundedAt = block.timestamp;
        _fundAndCheck(id, t, FEE_BPS);

        vm.warp(t.fundedAt + bound(repayDelay, 0, t.duration + GRACE + (MAX_INTERVALS + 5) * INTERVAL));
        uint256 penalty = _repayAndCheck(id, t);
        assertLe(penalty, ceilDiv(t.principal * PENALTY_BPS * MAX_INTERVALS, 10_000), "penalty above cap");
    }

    /// @dev Any valid penalty configuration, set before funding.
    function testFuzz_repayLoan_penaltyFollowsConfiguredTerms(
        uint256 principal,
        uint256 penaltyBps,
        uint256 grace,
        uint256 interval,
        uint256 maxIntervals,
        uint256 repayDelay
    ) public {
        Terms memory t;
        t.principal = bound(principal, MIN_AMOUNT, MAX_AMOUNT);
        t.duration = 30 days;
        t.apr = 1_000;
        t.maxIntervals = bound(maxIntervals, 1, 255);
        t.penaltyBps = bound(penaltyBps, 0, min(500, 5_000 / t.maxIntervals));
        t.grace = bound(grace, 0, 30 days);
        t.interval = bound(interval, 1 hours, 30 days);
        vm.prank(OWNER);
        lending.setPenaltyConfig(t.penaltyBps, t.grace, t.interval, t.maxIntervals);

        uint256 id = _request(t.principal, t.duration);
        t.fundedAt = block.timestamp;
        _fundAndCheck(id, t, FEE_BPS);

        uint256 latest = t.duration + t.grace + (t.maxIntervals + 2) * t.interval;
        vm.warp(t.fundedAt + bound(repayDelay, 0, latest));
        uint256 penalty = _repayAndCheck(id, t);
        assertLe(penalty, ceilDiv(t.principal * t.penaltyBps * t.maxIntervals, 10_000), "penalty above cap");
    }

    function testFuzz_getRepaymentBreakdown_penaltyNeverExceedsCap(uint256 principal, uint256 delay) public {
        principal = bound(principal, MIN_AMOUNT, MAX_AMOUNT);
        uint256 id = _request(principal, MIN_DURATION);
        _fund(id, 2_000);
        vm.warp(block.timestamp + bound(delay, 0, 100 * 365 days));

        (,,, uint256 penalty, uint256 total,) = lending.getRepaymentBreakdown(id);
        uint256 cap = ceilDiv(principal * PENALTY_BPS * MAX_INTERVALS, 10_000);
        assertLe(penalty, cap, "penalty above cap");
        assertLe(total, principal + ceilDiv(principal * 2_000 * MIN_DURATION, 10_000 * 365 days) + cap, "total");
    }

    // ─── Access control ──────────────────────────────────────────────────────────────────────

    function testFuzz_ownerSetters_revertForNonOwner(address caller) public {
        vm.assume(caller != OWNER);
        bytes memory unauthorized = abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, caller);

        vm.expectRevert(unauthorized);
        vm.prank(caller);
        lending.setFeeBps(50);

        vm.expectRevert(unauthorized);
        vm.prank(caller);
        lending.setFeeRecipient(caller == address(0) ? address(1) : caller);

        vm.expectRevert(unauthorized);
        vm.prank(caller);
        lending.setLoanLimits(1, 1e6, 1 days, 10 days);

        vm.expectRevert(unauthorized);
        vm.prank(caller);
        lending.setMaxApr(1_000);

        vm.expectRevert(unauthorized);
        vm.prank(caller);
        lending.setPenaltyConfig(50, 1 days, 1 hours, 10);

        vm.expectRevert(unauthorized);
        vm.prank(caller);
        lending.pause();

        // unpause must be refused for its caller, not merely because nothing is paused.
        vm.prank(OWNER);
        lending.pause();
        vm.expectRevert(unauthorized);
        vm.prank(caller);
        lending.unpause();

        // Nothing changed, and the owner can still do each of these (so the reverts above were
        // about the caller, not the arguments).
        IMicroLending.Parameters memory p = lending.parameters();
        assertEq(p.feeBps, FEE_BPS, "feeBps");
        assertEq(p.feeRecipient, FEE_RECIPIENT, "feeRecipient");
        assertEq(p.minLoanAmount, MIN_AMOUNT, "minLoanAmount");
        assertEq(p.maxAprBps, MAX_APR, "maxAprBps");
        assertEq(p.penaltyBps, PENALTY_BPS, "penaltyBps");
        vm.startPrank(OWNER);
        lending.unpause();
        lending.setFeeBps(50);
        lending.setFeeRecipient(address(1));
        lending.setLoanLimits(1, 1e6, 1 days, 10 days);
        lending.setMaxApr(1_000);
        lending.setPenaltyConfig(50, 1 days, 1 hours, 10);
        lending.pause();
        vm.stopPrank();
        assertEq(lending.parameters().feeBps, 50, "owner feeBps");
    }

    function testFuzz_cancelLoan_revertsForNonBorrower(address caller) public {
        vm.assume(caller != BORROWER);
        uint256 id = _request(1e6, 30 days);

        vm.expectRevert(abi.encodeWithSelector(IMicroLending.MicroLending__NotBorrower.selector, id, caller));
        vm.prank(caller);
        lending.cancelLoan(id);

        assertStatus(id, IMicroLending.LoanStatus.Requested, "status");
        vm.prank(BORROWER);
        lending.cancelLoan(id);
        assertStatus(id, IMicroLending.LoanStatus.Cancelled, "status after borrower");
    }

    function testFuzz_repayLoan_revertsForNonBorrower(address caller) public {
        vm.assume(caller != BORROWER);
        uint256 id = _request(1e6, 30 days);
        _fund(id, 1_000);

        vm.expectRevert(abi.encodeWithSelector(IMicroLending.MicroLending__NotBorrower.selector, id, caller));
        vm.prank(caller);
        lending.repayLoan(id);

        assertStatus(id, IMicroLending.LoanStatus.Funded, "status");
    }

    function testFuzz_claimEscrow_revertsForNonLender(address caller) public {
        vm.assume(caller != LENDER);
        uint256 id = _escrowedLoan();
        uint256 escrowed = lending.getLoan(id).escrowed;
        usdc.setBlacklisted(LENDER, false);

        vm.expectRevert(abi.encodeWithSelector(IMicroLending.MicroLending__NotLender.selector, id, caller));
        vm.prank(caller);
        lending.claimEscrow(id);

        assertEq(lending.getLoan(id).escrowed, escrowed, "escrow kept");
        vm.prank(LENDER);
        lending.claimEscrow(id);
        assertEq(usdc.balanceOf(LENDER), escrowed, "lender claimed");
    }

    // ─── Boundary times ──────────────────────────────────────────────────────────────────────

    function testFuzz_markDefaulted_revertsAtDeadlineSucceedsAfter(uint256 duration) public {
        duration = bound(duration, MIN_DURATION, MAX_DURATION);
        uint256 id = _request(1e6, duration);
        _fund(id, 1_000);
        uint256 deadline = block.timestamp + duration + GRACE;

        vm.warp(deadline);
        vm.expectRevert(abi.encodeWithSelector(IMicroLending.MicroLending__NotDefaultable.selector, id, deadline));
        lending.markDefaulted(id);
        assertStatus(id, IMicroLending.LoanStatus.Funded, "status at deadline");

        vm.warp(deadline + 1);
        lending.markDefaulted(id);
        assertStatus(id, IMicroLending.LoanStatus.Defaulted, "status after deadline");
    }

    function test_repayLoan_noPenaltyAtDueDate() public {
        uint256 id = _request(5e6, 30 days);
        _fund(id, 1_000);
        vm.warp(block.timestamp + 30 days);
        assertEq(lending.getLoan(id).endDate, block.timestamp, "endDate");

        uint256 paid = _repay(id);
        // 5 USDC at 10 % for 30 days: ceil(5e6 * 1000 * 30 days / (10000 * 365 days)) = 41096.
        assertEq(paid, 5e6 + 41_096, "paid");
    }

    function testFuzz_repayLoan_noPenaltyWithinGracePeriod(uint256 offset) public {
        uint256 id = _request(5e6, 30 days);
        _fund(id, 1_000);
        uint256 dueDate = block.timestamp + 30 days;
        vm.warp(dueDate + bound(offset, 0, GRACE));

        (,,, uint256 penalty,,) = lending.getRepaymentBreakdown(id);
        assertEq(penalty, 0, "penalty");
        assertEq(_repay(id), 5e6 + 41_096, "paid");
    }

    function test_repayLoan_onePenaltyIntervalJustAfterDeadline() public {
        uint256 id = _request(5e6, 30 days);
        _fund(id, 1_000);
        vm.warp(block.timestamp + 30 days + GRACE + 1);

        // One started day: 1 % of 5 USDC.
        assertEq(_repay(id), 5e6 + 41_096 + 50_000, "paid");
    }

    function test_repayLoan_succeedsAfterDefault() public {
        uint256 id = _request(5e6, 30 days);
        _fund(id, 1_000);
        vm.warp(block.timestamp + 30 days + GRACE + 1);
        lending.markDefaulted(id);
        assertStatus(id, IMicroLending.LoanStatus.Defaulted, "defaulted");

        assertEq(_repay(id), 5e6 + 41_096 + 50_000, "paid");
        assertEq(usdc.balanceOf(LENDER), 5e6 + 41_096 + 50_000, "lender received");
        assertStatus(id, IMicroLending.LoanStatus.Repaid, "status");
    }

    // ─── Escrow and liveness ─────────────────────────────────────────────────────────────────

    function test_claimEscrow_releasesExactlyOnce() public {
        uint256 id = _escrowedLoan();
        uint256 escrowed = lending.getLoan(id).escrowed;
        assertEq(escrowed, 1e6 + 8_220, "escrowed"); // ceil(1e6 * 1000 * 30 / 3650000) = 8220
        assertEq(usdc.balanceOf(address(lending)), escrowed, "held");

        usdc.setBlacklisted(LENDER, false);
        vm.prank(LENDER);
        lending.claimEscrow(id);
        assertEq(usdc.balanceOf(LENDER), escrowed, "lender received");
        assertEq(usdc.balanceOf(address(lending)), 0, "contract emptied");
        assertEq(lending.getLoan(id).escrowed, 0, "escrow cleared");

        vm.expectRevert(abi.encodeWithSelector(IMicroLending.MicroLending__NothingToClaim.selector, id));
        vm.prank(LENDER);
        lending.claimEscrow(id);
        assertEq(usdc.balanceOf(LENDER), escrowed, "no second release");
    }

    function test_repayLoan_succeedsWhilePaused() public {
        uint256 id = _request(1e6, 30 days);
        _fund(id, 1_000);
        vm.prank(OWNER);
        lending.pause();

        uint256 paid = _repay(id);
        assertEq(paid, 1e6 + 8_220, "paid");
        assertEq(usdc.balanceOf(LENDER), paid, "lender received");
        assertStatus(id, IMicroLending.LoanStatus.Repaid, "status");
    }

    function test_repayLoan_escrowsWhenLenderBlacklistedAndPaused() public {
        uint256 id = _request(1e6, 30 days);
        _fund(id, 1_000);
        vm.prank(OWNER);
        lending.pause();
        usdc.setBlacklisted(LENDER, true);

        usdc.mint(BORROWER, 1e6);
        uint256 borrowerBefore = usdc.balanceOf(BORROWER);
        vm.prank(BORROWER);
        lending.repayLoan(id);

        assertStatus(id, IMicroLending.LoanStatus.Repaid, "status");
        assertEq(borrowerBefore - usdc.balanceOf(BORROWER), 1e6 + 8_220, "borrower paid");
        assertEq(lending.getLoan(id).escrowed, 1e6 + 8_220, "escrowed");
        assertEq(usdc.balanceOf(address(lending)), 1e6 + 8_220, "held");
        assertEq(usdc.balanceOf(LENDER), 0, "lender received nothing");

        // Claiming works while paused too.
        usdc.setBlacklisted(LENDER, false);
        vm.prank(LENDER);
        lending.claimEscrow(id);
        assertEq(usdc.balanceOf(LENDER), 1e6 + 8_220, "lender claimed");
    }

    // ─── Helpers ─────────────────────────────────────────────────────────────────────────────

    function assertLe(uint256 a, uint256 b, string memory what) internal pure {
        if (a > b) {
            revert(string.concat(what, ": ", Strings.toString(a), " > ", Strings.toString(b)));
        }
    }

    function _request(uint256 amount, uint256 duration) internal returns (uint256 id) {
        vm.prank(BORROWER);
        id = lending.requestLoan(amount, duration);
    }

    function _fund(uint256 id, uint256 apr) internal {
        usdc.mint(LENDER, lending.getLoan(id).principal);
        vm.prank(LENDER);
        lending.fundLoan(id, apr);
    }

    /// @dev Mints the borrower what is due, repays, and returns what left the borrower.
    function _repay(uint256 id) internal returns (uint256 paid) {
        (,,,, uint256 total,) = lending.getRepaymentBreakdown(id);
        usdc.mint(BORROWER, total);
        uint256 before = usdc.balanceOf(BORROWER);
        vm.prank(BORROWER);
        lending.repayLoan(id);
        paid = before - usdc.balanceOf(BORROWER);
        assertEq(paid, total, "paid the breakdown's total");
    }

    /// @dev A 1 USDC, 30-day, 10 % loan repaid while its lender is blacklisted (still blacklisted).
    function _escrowedLoan() internal returns (uint256 id) {
        id = _request(1e6, 30 days);
        _fund(id, 1_000);
        usdc.setBlacklisted(LENDER, true);
        _repay(id);
        assertEq(lending.getLoan(id).escrowed, 1e6 + 8_220, "escrowed");
    }

    /// @dev Funds at `t.apr` and checks who got what.
    function _fundAndCheck(uint256 id, Terms memory t, uint256 feeBps) internal {
        uint256 fee = t.principal * feeBps / 10_000;
        usdc.mint(LENDER, t.principal);
        uint256 lenderBefore = usdc.balanceOf(LENDER);
        uint256 borrowerBefore = usdc.balanceOf(BORROWER);
        uint256 feeBefore = usdc.balanceOf(FEE_RECIPIENT);

        vm.prank(LENDER);
        lending.fundLoan(id, t.apr);

        assertEq(lenderBefore - usdc.balanceOf(LENDER), t.principal, "lender paid");
        assertEq(usdc.balanceOf(BORROWER) - borrowerBefore, t.principal - fee, "borrower received");
        assertEq(usdc.balanceOf(FEE_RECIPIENT) - feeBefore, fee, "fee recipient received");
        assertEq(usdc.balanceOf(address(lending)), 0, "contract holds nothing");

        (, , uint256 platformFee,,, uint256 amountToBorrower) = lending.getRepaymentBreakdown(id);
        assertEq(platformFee, fee, "breakdown fee");
        assertEq(amountToBorrower, t.principal - fee, "breakdown amountToBorrower");

        IMicroLending.Loan memory loan = lending.getLoan(id);
        assertEq(loan.startDate, t.fundedAt, "startDate");
        assertEq(loan.endDate, t.fundedAt + t.duration, "endDate");
        assertEq(loan.gracePeriod, t.grace, "gracePeriod");
        assertEq(loan.interest, _interest(t), "interest");
    }

    /// @dev Checks the breakdown against the spec, repays, checks that exactly that moved to the
    /// lender, and returns the penalty.
    function _repayAndCheck(uint256 id, Terms memory t) internal returns (uint256 penalty) {
        uint256 interest = _interest(t);
        penalty = _penalty(t, block.timestamp);
        uint256 total = t.principal + interest + penalty;

        (uint256 bPrincipal, uint256 bInterest,, uint256 bPenalty, uint256 bTotal,) = lending.getRepaymentBreakdown(id);
        assertEq(bPrincipal, t.principal, "breakdown principal");
        assertEq(bInterest, interest, "breakdown interest");
        assertEq(bPenalty, penalty, "breakdown penalty");
        assertEq(bTotal, total, "breakdown total");

        usdc.mint(BORROWER, total);
        uint256 lenderBefore = usdc.balanceOf(LENDER);
        uint256 borrowerBefore = usdc.balanceOf(BORROWER);
        vm.prank(BORROWER);
        lending.repayLoan(id);

        assertEq(usdc.balanceOf(LENDER) - lenderBefore, total, "lender received");
        assertEq(borrowerBefore - usdc.balanceOf(BORROWER), total, "borrower paid");
        assertEq(usdc.balanceOf(address(lending)), 0, "contract holds nothing");
        assertStatus(id, IMicroLending.LoanStatus.Repaid, "status");
    }

    function _interest(Terms memory t) internal pure returns (uint256) {
        return ceilDiv(t.principal * t.apr * t.duration, 10_000 * 365 days);
    }

    function _penalty(Terms memory t, uint256 at) internal pure returns (uint256) {
        uint256 deadline = t.fundedAt + t.duration + t.grace;
        if (at <= deadline) {
            return 0;
        }
        uint256 intervals = min(ceilDiv(at - deadline, t.interval), t.maxIntervals);
        return ceilDiv(t.principal * t.penaltyBps * intervals, 10_000);
    }
}

/// @dev Invariants over random sequences of {MicroLendingHandler} actions. The handler never
/// reverts by design, so any revert in a sequence (such as a view reverting on a loan id the
/// counter says exists) fails the test.
/// hardhat-config: invariant.runs = 96
/// hardhat-config: invariant.depth = 64
/// hardhat-config: invariant.failOnRevert = true
contract MicroLendingInvariantTest is MicroLendingTestBase {
    MicroLendingHandler internal handler;

    function setUp() public override {
        super.setUp();
        handler = new MicroLendingHandler(lending, usdc, OWNER, FEE_RECIPIENT);
        vm.label(address(handler), "handler");
    }

    /// @dev What forge-std's StdInvariant would return: the fuzzer calls the handler only.
    function targetContracts() public view returns (address[] memory targets) {
        targets = new address[](1);
        targets[0] = address(handler);
    }

    function invariant_contractBalanceEqualsUnclaimedEscrow() public view {
        uint256 n = lending.loanCounter();
        uint256 unclaimed;
        for (uint256 id = 1; id <= n; id++) {
            unclaimed += lending.getLoan(id).escrowed;
        }
        assertEq(usdc.balanceOf(address(lending)), unclaimed, "balance vs sum of escrowed");
        assertEq(unclaimed, handler.ghostEscrowedTotal() - handler.ghostReleasedTotal(), "escrowed - released");
    }

    function invariant_noLoanSettlesTwice() public view {
        uint256 n = lending.loanCounter();
        for (uint256 id = 1; id <= n; id++) {
            if (handler.ghostRepayments(id) > 1) {
                revert(string.concat("loan repaid twice: ", Strings.toString(id)));
            }
            if (handler.ghostReleases(id) > handler.ghostEscrows(id)) {
                revert(string.concat("escrow released more than escrowed: ", Strings.toString(id)));
            }
        }
    }

    function invariant_terminalStatesStayTerminal() public view {
        uint256 n = lending.loanCounter();
        for (uint256 id = 1; id <= n; id++) {
            IMicroLending.LoanStatus seen = handler.ghostTerminalStatus(id);
            if (seen != IMicroLending.LoanStatus.None) {
                assertStatus(id, seen, string.concat("terminal status changed: ", Strings.toString(id)));
            }
        }
    }

    function invariant_loanCounterMatchesRequests() public view {
        assertEq(lending.loanCounter(), handler.ghostRequests(), "loanCounter vs successful requests");
    }

    /// @dev Every call the handler expected to succeed did (repayment is never blocked, not even
    /// by a blacklisted lender or a pause), every call it expected to fail did, with the right
    /// error, and every success moved the right amounts.
    function invariant_handlerSawNoUnexpectedOutcome() public view {
        if (handler.unexpectedOutcomes() != 0) {
            revert(handler.lastUnexpectedOutcome());
        }
    }
}
