// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {MicroLending} from "../contracts/MicroLending.sol";
import {IMicroLending} from "../contracts/interfaces/IMicroLending.sol";
import {BlacklistableUSDC} from "../contracts/mocks/BlacklistableUSDC.sol";

import {CheatCodes} from "./Vm.sol";

/// @dev The only contract the invariant fuzzer calls (see `targetContracts()` in the test). Each
/// action bounds its inputs, picks a loan in a state where the action makes sense (and now and
/// then any loan, to probe that invalid calls are refused with the right error), mints what the
/// actors need (they approved MicroLending once, here), and never reverts itself: calls into
/// MicroLending are wrapped in try/catch, and a call that should have succeeded but reverted (or
/// the reverse, or with the wrong error or amounts) is counted in {unexpectedOutcomes}. The test
/// runs with `failOnRevert`, so a handler revert (e.g. a view reverting) fails it too. Ghost state
/// records what the handler saw.
contract MicroLendingHandler is CheatCodes {
    MicroLending public immutable lending;
    BlacklistableUSDC public immutable usdc;
    address public immutable owner;
    address public immutable feeRecipient;

    uint256 internal constant ACTOR_COUNT = 4;
    address[ACTOR_COUNT] internal actors;

    /// @dev The handler's clock: every action first warps here, so time only moves forward and
    /// does not depend on whether the runner keeps `vm.warp` between calls.
    uint256 public currentTime;

    // ─── Ghost state ─────────────────────────────────────────────────────────────────────────

    uint256 public ghostRequests;
    mapping(uint256 id => uint256) public ghostRepayments;
    mapping(uint256 id => uint256) public ghostEscrows;
    mapping(uint256 id => uint256) public ghostReleases;
    /// @dev The first terminal status (Repaid or Cancelled) seen for a loan; None until then.
    mapping(uint256 id => IMicroLending.LoanStatus) public ghostTerminalStatus;
    uint256 public ghostEscrowedTotal;
    uint256 public ghostReleasedTotal;

    uint256 public unexpectedOutcomes;
    string public lastUnexpectedOutcome;

    /// @dev How many actions of each kind did something (not skipped): a run summary for debugging.
    mapping(bytes32 action => uint256) public effectiveCalls;

    modifier step() {
        vm.warp(currentTime);
        _;
        _observe();
    }

    constructor(MicroLending lending_, BlacklistableUSDC usdc_, address owner_, address feeRecipient_) {
        lending = lending_;
        usdc = usdc_;
        owner = owner_;
        feeRecipient = feeRecipient_;
        currentTime = block.timestamp;
        for (uint256 i = 0; i < ACTOR_COUNT; i++) {
            address account = address(uint160(0xA0000 + i));
            actors[i] = account;
            vm.label(account, string.concat("actor", _digit(i)));
            vm.prank(account);
            usdc_.approve(address(lending_), type(uint256).max);
        }
    }

    // ─── Actions ─────────────────────────────────────────────────────────────────────────────

    function requestLoan(uint256 actorSeed, uint256 amount, uint256 duration, uint256 capSeed) external step {
        _request(actorSeed, amount, duration, capSeed);
    }

    /// @dev Funds a requested loan; when there is none, requests one first (so that runs reach
    /// repayments and escrows instead of wasting calls). One time in eight, tries any loan.
    function fundLoan(uint256 loanSeed, uint256 lenderSeed, uint256 aprSeed) external step {
        bool probe = (lenderSeed >> 8) % 8 == 0;
        (bool found, uint256 id) =
            probe ? _anyLoan(loanSeed) : _findLoan(loanSeed, _only(IMicroLending.LoanStatus.Requested));
        if (!found && !probe) {
            if (lending.paused()) {
                return;
            }
            _request(loanSeed, aprSeed, lenderSeed, loanSeed >> 128);
            (found, id) = _findLoan(loanSeed, _only(IMicroLending.LoanStatus.Requested));
        }
        if (found) {
            _fund(id, lenderSeed, aprSeed);
        }
    }

    function _request(uint256 actorSeed, uint256 amount, uint256 duration, uint256 capSeed) internal {
        address borrower = _actor(actorSeed);
        IMicroLending.Parameters memory p = lending.parameters();
        amount = bound(amount, p.minLoanAmount, p.maxLoanAmount);
        duration = bound(duration, p.minDuration, p.maxDuration);
        bool withCap = capSeed % 3 == 0;
        uint256 cap = 50 * bound(capSeed / 3, 2, 100);
        bool paused = lending.paused();

        bool ok;
        bytes memory err;
        uint256 id;
        vm.prank(borrower);
        if (withCap) {
            try lending.requestLoan(amount, duration, cap) returns (uint256 newId) {
                (ok, id) = (true, newId);
            } catch (bytes memory e) {
                err = e;
            }
        } else {
            try lending.requestLoan(amount, duration) returns (uint256 newId) {
                (ok, id) = (true, newId);
            } catch (bytes memory e) {
                err = e;
            }
        }

        if (paused) {
            _expectPauseRevert(ok, err, "requestLoan while paused");
            return;
        }
        if (!ok) {
            _unexpected("requestLoan reverted");
            return;
        }
        ghostRequests++;
        effectiveCalls["requestLoan"]++;
        if (id != ghostRequests) {
            _unexpected("requestLoan returned a wrong id");
        }
    }

    function _fund(uint256 id, uint256 lenderSeed, uint256 aprSeed) internal {
        IMicroLending.Loan memory loan = lending.getLoan(id);
        address lender = _actor(lenderSeed);
        if (lender == loan.borrower) {
            lender = _actor(lenderSeed % ACTOR_COUNT + 1);
        }
        if (usdc.isBlacklisted(lender) || usdc.isBlacklisted(loan.borrower)) {
            return; // The token refuses; not the contract's business.
        }
        IMicroLending.Parameters memory p = lending.parameters();
        uint256 maxApr = loan.maxAprBps == 0 ? p.maxAprBps : min(loan.maxAprBps, p.maxAprBps);
        uint256 apr = 50 * bound(aprSeed, 2, maxApr / 50);
        usdc.mint(lender, loan.principal);
        uint256 borrowerBefore = usdc.balanceOf(loan.borrower);
        uint256 feeBefore = usdc.balanceOf(feeRecipient);

        if (!_tryFund(id, loan.status, lender, apr)) {
            return;
        }
        effectiveCalls["fundLoan"]++;
        uint256 fee = loan.principal * p.feeBps / 10_000;
        if (
            usdc.balanceOf(loan.borrower) - borrowerBefore != loan.principal - fee
                || usdc.balanceOf(feeRecipient) - feeBefore != fee
        ) {
            _unexpected("fundLoan moved wrong amounts");
        }
    }

    /// @dev Calls fundLoan, checks a refusal against what was expected, and returns whether it
    /// succeeded as expected.
    function _tryFund(uint256 id, IMicroLending.LoanStatus status, address lender, uint256 apr)
        internal
        returns (bool)
    {
        bool paused = lending.paused();
        bool ok;
        bytes memory err;
        vm.prank(lender);
        try lending.fundLoan(id, apr) {
            ok = true;
        } catch (bytes memory e) {
            err = e;
        }

        if (paused) {
            _expectPauseRevert(ok, err, "fundLoan while paused");
            return false;
        }
        if (status != IMicroLending.LoanStatus.Requested) {
            _expectRevert(ok, err, _invalidStatus(id, status), "fundLoan of a loan not requested");
            return false;
        }
        if (!ok) {
            _unexpected("fundLoan reverted");
        }
        return ok;
    }

    function repayLoan(uint256 loanSeed, uint256 modeSeed) external step {
        bool probe = modeSeed % 8 == 0;
        (bool found, uint256 id) = probe
            ? _anyLoan(loanSeed)
            : _findLoan(loanSeed, _only(IMicroLending.LoanStatus.Funded) | _only(IMicroLending.LoanStatus.Defaulted));
        if (!found) {
            return;
        }
        IMicroLending.Loan memory loan = lending.getLoan(id);
        if (usdc.isBlacklisted(loan.borrower)) {
            return;
        }
        bool repayable =
            loan.status == IMicroLending.LoanStatus.Funded || loan.status == IMicroLending.LoanStatus.Defaulted;
        (,,,, uint256 total,) = lending.getRepaymentBreakdown(id);
        usdc.mint(loan.borrower, total);
        bool lenderBlacklisted = usdc.isBlacklisted(loan.lender);
        uint256 lenderBefore = usdc.balanceOf(loan.lender);
        uint256 contractBefore = usdc.balanceOf(address(lending));

        vm.prank(loan.borrower);
        try lending.repayLoan(id) {
            ghostRepayments[id]++;
        } catch (bytes memory e) {
            if (repayable) {
                _unexpected("repayLoan reverted"); // Repayment must never be blocked.
            } else {
                _expectRevert(false, e, _invalidStatus(id, loan.status), "repayLoan of a loan not owed");
            }
            return;
        }
        if (!repayable) {
            _unexpected("repayLoan succeeded on a loan that was not owed");
            return;
        }
        effectiveCalls["repayLoan"]++;
        if (lending.getLoan(id).status != IMicroLending.LoanStatus.Repaid) {
            _unexpected("repayLoan left the loan not repaid");
        }
        if (lenderBlacklisted) {
            ghostEscrows[id]++;
            ghostEscrowedTotal += total;
            effectiveCalls["repayLoan:escrowed"]++;
            if (lending.getLoan(id).escrowed != total || usdc.balanceOf(address(lending)) - contractBefore != total) {
                _unexpected("repayLoan escrowed a wrong amount");
            }
        } else if (usdc.balanceOf(loan.lender) - lenderBefore != total) {
            _unexpected("repayLoan paid the lender a wrong amount");
        }
    }

    function cancelLoan(uint256 loanSeed, uint256 modeSeed) external step {
        bool probe = modeSeed % 8 == 0;
        (bool found, uint256 id) =
            probe ? _anyLoan(loanSeed) : _findLoan(loanSeed, _only(IMicroLending.LoanStatus.Requested));
        if (!found) {
            return;
        }
        IMicroLending.Loan memory loan = lending.getLoan(id);
        bool cancellable = loan.status == IMicroLending.LoanStatus.Requested;

        vm.prank(loan.borrower);
        try lending.cancelLoan(id) {
            if (!cancellable) {
                _unexpected("cancelLoan succeeded on a loan that was not requested");
            } else {
                effectiveCalls["cancelLoan"]++;
            }
        } catch (bytes memory e) {
            if (cancellable) {
                _unexpected("cancelLoan reverted");
            } else {
                _expectRevert(false, e, _invalidStatus(id, loan.status), "cancelLoan of a loan not requested");
            }
        }
    }

    /// @dev Marks a funded loan defaulted, first warping past its deadline if need be. One time
    /// in eight, tries any loan at the current time instead.
    function markDefaulted(uint256 loanSeed, uint256 extraDelay) external step {
        bool probe = (extraDelay >> 8) % 8 == 0;
        (bool found, uint256 id) =
            probe ? _anyLoan(loanSeed) : _findLoan(loanSeed, _only(IMicroLending.LoanStatus.Funded));
        if (!found) {
            return;
        }
        IMicroLending.Loan memory loan = lending.getLoan(id);
        uint256 deadline = loan.endDate + loan.gracePeriod;
        if (!probe && currentTime <= deadline) {
            currentTime = deadline + 1 + bound(extraDelay, 0, 10 days);
            vm.warp(currentTime);
        }
        bool paused = lending.paused();
        bool defaultable = loan.status == IMicroLending.LoanStatus.Funded && currentTime > deadline;

        bool ok;
        bytes memory err;
        vm.prank(_actor(extraDelay));
        try lending.markDefaulted(id) {
            ok = true;
        } catch (bytes memory e) {
            err = e;
        }

        if (paused) {
            _expectPauseRevert(ok, err, "markDefaulted while paused");
        } else if (loan.status != IMicroLending.LoanStatus.Funded) {
            _expectRevert(ok, err, _invalidStatus(id, loan.status), "markDefaulted of a loan not funded");
        } else if (!defaultable) {
            _expectRevert(
                ok,
                err,
                abi.encodeWithSelector(IMicroLending.MicroLending__NotDefaultable.selector, id, deadline),
                "markDefaulted before the deadline"
            );
        } else if (!ok) {
            _unexpected("markDefaulted reverted");
        } else {
            effectiveCalls["markDefaulted"]++;
        }
    }

    function claimEscrow(uint256 loanSeed, uint256 modeSeed) external step {
        bool probe = modeSeed % 4 == 0;
        (bool found, uint256 id) = probe ? _anyLoan(loanSeed) : _findEscrowed(loanSeed);
        if (!found) {
            return;
        }
        IMicroLending.Loan memory loan = lending.getLoan(id);
        if (loan.lender == address(0)) {
            return;
        }
        if (usdc.isBlacklisted(loan.lender)) {
            if (probe) {
                return;
            }
            usdc.setBlacklisted(loan.lender, false); // The lender got off the list and comes to claim.
        }
        uint256 lenderBefore = usdc.balanceOf(loan.lender);

        vm.prank(loan.lender);
        try lending.claimEscrow(id) {
            ghostReleases[id]++;
            ghostReleasedTotal += loan.escrowed;
        } catch (bytes memory e) {
            if (loan.escrowed != 0) {
                _unexpected("claimEscrow reverted");
            } else if (keccak256(e) != keccak256(abi.encodeWithSelector(IMicroLending.MicroLending__NothingToClaim.selector, id))) {
                _unexpected("claimEscrow of nothing reverted with a wrong error");
            }
            return;
        }
        if (loan.escrowed == 0) {
            _unexpected("claimEscrow succeeded with nothing escrowed");
            return;
        }
        effectiveCalls["claimEscrow"]++;
        if (usdc.balanceOf(loan.lender) - lenderBefore != loan.escrowed || lending.getLoan(id).escrowed != 0) {
            _unexpected("claimEscrow released a wrong amount");
        }
    }

    function warp(uint256 delay) external step {
        currentTime += bound(delay, 1 hours, 20 days);
        vm.warp(currentTime);
        effectiveCalls["warp"]++;
    }

    /// @dev Blacklists or clears an actor, preferring one who has lent (the escrow path).
    function toggleBlacklist(uint256 actorSeed) external step {
        address account = _actor(actorSeed);
        uint256 n = lending.loanCounter();
        if (n != 0) {
            address lender = lending.getLoan(1 + (actorSeed / ACTOR_COUNT) % n).lender;
            if (lender != address(0)) {
                account = lender;
            }
        }
        usdc.setBlacklisted(account, !usdc.isBlacklisted(account));
        effectiveCalls["toggleBlacklist"]++;
    }

    /// @dev Unpauses whenever paused, pauses one time in four, so most of a run is unpaused.
    function togglePause(uint256 seed) external step {
        bool paused = lending.paused();
        if (!paused && seed % 4 != 0) {
            return;
        }
        vm.prank(owner);
        if (paused) {
            try lending.unpause() {
                effectiveCalls["unpause"]++;
            } catch {
                _unexpected("unpause reverted");
            }
        } else {
            try lending.pause() {
                effectiveCalls["pause"]++;
            } catch {
                _unexpected("pause reverted");
            }
        }
    }

    // ─── Views for the invariants ────────────────────────────────────────────────────────────

    function actor(uint256 i) external view returns (address) {
        return actors[i];
    }

    // ─── Internals ───────────────────────────────────────────────────────────────────────────

    /// @dev Records the first terminal status seen for every loan, after every action.
    function _observe() internal {
        uint256 n = lending.loanCounter();
        for (uint256 id = 1; id <= n; id++) {
            if (ghostTerminalStatus[id] != IMicroLending.LoanStatus.None) {
                continue;
            }
            IMicroLending.LoanStatus status = lending.getLoan(id).status;
            if (status == IMicroLending.LoanStatus.Repaid || status == IMicroLending.LoanStatus.Cancelled) {
                ghostTerminalStatus[id] = status;
            }
        }
    }

    function _actor(uint256 seed) internal view returns (address) {
        return actors[seed % ACTOR_COUNT];
    }

    function _only(IMicroLending.LoanStatus status) internal pure returns (uint256) {
        return 1 << uint256(status);
    }

    /// @dev The first loan, from a random start and wrapping around, whose status is in `mask`.
    function _findLoan(uint256 seed, uint256 mask) internal view returns (bool, uint256) {
        uint256 n = lending.loanCounter();
        for (uint256 i = 0; i < n; i++) {
            uint256 id = 1 + (seed % n + i) % n;
            if (mask & _only(lending.getLoan(id).status) != 0) {
                return (true, id);
            }
        }
        return (false, 0);
    }

    function _findEscrowed(uint256 seed) internal view returns (bool, uint256) {
        uint256 n = lending.loanCounter();
        for (uint256 i = 0; i < n; i++) {
            uint256 id = 1 + (seed % n + i) % n;
            if (lending.getLoan(id).escrowed != 0) {
                return (true, id);
            }
        }
        return (false, 0);
    }

    function _anyLoan(uint256 seed) internal view returns (bool, uint256) {
        uint256 n = lending.loanCounter();
        return n == 0 ? (false, 0) : (true, 1 + seed % n);
    }

    function _expectPauseRevert(bool ok, bytes memory err, string memory what) internal {
        if (_expectRevert(ok, err, abi.encodeWithSelector(IMicroLending.MicroLending__EnforcedPause.selector), what)) {
            effectiveCalls["refusedWhilePaused"]++;
        }
    }

    /// @dev Records an unexpected outcome unless the call reverted with exactly `expected`.
    function _expectRevert(bool ok, bytes memory err, bytes memory expected, string memory what)
        internal
        returns (bool asExpected)
    {
        asExpected = !ok && keccak256(err) == keccak256(expected);
        if (!asExpected) {
            _unexpected(what);
        } else {
            effectiveCalls["refused"]++;
        }
    }

    function _invalidStatus(uint256 id, IMicroLending.LoanStatus status) internal pure returns (bytes memory) {
        return abi.encodeWithSelector(IMicroLending.MicroLending__InvalidStatus.selector, id, status);
    }

    function _unexpected(string memory what) internal {
        unexpectedOutcomes++;
        lastUnexpectedOutcome = what;
    }

    function _digit(uint256 i) internal pure returns (string memory) {
        return string(abi.encodePacked(bytes1(uint8(48 + i))));
    }
}
