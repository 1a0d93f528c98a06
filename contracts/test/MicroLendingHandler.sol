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
/// records what the handler saw, and what the owner set, independently of the contract's views:
/// each loan's terms are those in force at its request as the handler knows them.
contract MicroLendingHandler is CheatCodes {
    /// @dev A late penalty schedule, as the owner set it.
    struct Schedule {
        uint256 penaltyBps;
        uint256 grace;
        uint256 interval;
        uint256 maxIntervals;
    }

    MicroLending public immutable lending;
    BlacklistableUSDC public immutable usdc;
    address public immutable owner;

    uint256 internal constant ACTOR_COUNT = 4;
    address[ACTOR_COUNT] internal actors;

    /// @dev The fee recipient the owner started with, and the one the owner may switch to.
    uint256 internal constant RECIPIENT_COUNT = 2;
    address[RECIPIENT_COUNT] internal recipients;

    /// @dev Someone outside lending: sends USDC to the contract by mistake and receives what the
    /// owner sends back, and receives claims sent elsewhere. Never blacklisted.
    address public constant OUTSIDER = address(0x0C0FFEE);

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

    /// @dev The platform's parameters as the owner set them through this handler.
    uint256 public ghostMaxApr;
    uint256 public ghostFeeBps;
    address public ghostFeeRecipient;
    Schedule internal _ghostCurrentSchedule;
    uint256 public ghostScheduleChanges;

    /// @dev What each loan's request fixed: its APR ceiling and penalty schedule.
    mapping(uint256 id => uint256) public ghostCeiling;
    mapping(uint256 id => Schedule) internal _ghostSchedule;
    mapping(uint256 id => uint256) public ghostDuration;
    /// @dev Set at funding: when, at what APR, and the platform maximum then.
    mapping(uint256 id => uint256) public ghostFundedAt;
    mapping(uint256 id => uint256) public ghostApr;
    mapping(uint256 id => uint256) public ghostMaxAprAtFunding;
    /// @dev Repayments whose penalty (or total) differed from the request-time schedule's formula.
    uint256 public ghostWrongPenalties;
    uint256 public ghostLateRepayments;

    /// @dev Fees held for each recipient (FeeHeld) and claimed (FeesClaimed).
    mapping(address recipient => uint256) public ghostHeldFees;
    uint256 public ghostFeesHeldTotal;
    uint256 public ghostFeesClaimedTotal;
    /// @dev heldFees(recipient) as last seen, and how often it fell other than by a claim.
    mapping(address recipient => uint256) internal _lastSeenHeldFees;
    uint256 public ghostHeldFeesFellWithoutClaim;
    bool internal _claimingFees;

    /// @dev USDC sent to the contract by mistake, and sent back by the owner.
    uint256 public ghostStrayTotal;
    uint256 public ghostRescuedTotal;

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
        recipients = [feeRecipient_, address(0x0FEE2)];
        vm.label(address(0x0FEE2), "feeRecipient2");
        vm.label(OUTSIDER, "outsider");
        currentTime = block.timestamp;
        // The constructor's parameters (checked against the documented defaults elsewhere).
        IMicroLending.Parameters memory p = lending_.parameters();
        ghostMaxApr = p.maxAprBps;
        ghostFeeBps = p.feeBps;
        ghostFeeRecipient = feeRecipient_;
        _ghostCurrentSchedule = Schedule(p.penaltyBps, p.gracePeriod, p.penaltyInterval, p.maxPenaltyIntervals);
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
        // The ceiling the borrower agrees to: their cap, or the platform maximum when lower.
        uint256 ceiling = withCap ? min(cap, ghostMaxApr) : ghostMaxApr;
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
        ghostCeiling[id] = ceiling;
        _ghostSchedule[id] = _ghostCurrentSchedule;
        ghostDuration[id] = duration;
        if (lending.getLoan(id).maxAprBps != ceiling) {
            _unexpected("requestLoan fixed a wrong APR ceiling");
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
        // The lower of the ceiling fixed at the request and the platform maximum now. One time in
        // eight, an APR above it, which must be refused.
        uint256 maxApr = min(ghostCeiling[id], ghostMaxApr);
        uint256 apr = aprSeed % 8 == 7
            ? maxApr + 50 * bound(aprSeed / 8, 1, 20)
            : 50 * bound(aprSeed / 8, 2, maxApr / 50);
        usdc.mint(lender, loan.principal);
        address recipient = ghostFeeRecipient;
        bool feeRefused = usdc.isBlacklisted(recipient);
        uint256 borrowerBefore = usdc.balanceOf(loan.borrower);
        uint256 feeBefore = usdc.balanceOf(recipient);
        uint256 contractBefore = usdc.balanceOf(address(lending));

        if (!_tryFund(id, loan.status, lender, apr, maxApr)) {
            return;
        }
        effectiveCalls["fundLoan"]++;
        ghostFundedAt[id] = currentTime;
        ghostApr[id] = apr;
        ghostMaxAprAtFunding[id] = ghostMaxApr;
        uint256 fee = loan.principal * ghostFeeBps / 10_000;
        if (usdc.balanceOf(loan.borrower) - borrowerBefore != loan.principal - fee) {
            _unexpected("fundLoan paid the borrower a wrong amount");
        }
        if (feeRefused) {
            // The recipient cannot receive: the fee is held for it, and funding went ahead.
            ghostHeldFees[recipient] += fee;
            ghostFeesHeldTotal += fee;
            if (fee != 0) {
                effectiveCalls["fundLoan:feeHeld"]++;
            }
            if (
                usdc.balanceOf(address(lending)) - contractBefore != fee
                    || lending.heldFees(recipient) != ghostHeldFees[recipient]
            ) {
                _unexpected("fundLoan held a wrong fee");
            }
        } else if (usdc.balanceOf(recipient) - feeBefore != fee || usdc.balanceOf(address(lending)) != contractBefore) {
            _unexpected("fundLoan paid a wrong fee");
        }
    }

    /// @dev Calls fundLoan, checks a refusal against what was expected, and returns whether it
    /// succeeded as expected.
    function _tryFund(uint256 id, IMicroLending.LoanStatus status, address lender, uint256 apr, uint256 maxApr)
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
        if (apr > maxApr) {
            _expectRevert(
                ok,
                err,
                abi.encodeWithSelector(IMicroLending.MicroLending__InvalidApr.selector, apr, maxApr),
                "fundLoan above the ceiling fixed at the request or the platform maximum"
            );
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
        (,,, uint256 penalty, uint256 total,) = lending.getRepaymentBreakdown(id);
        if (repayable) {
            _checkPenalty(id, loan.principal, penalty, total);
        }
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
        // The due date plus the grace period of the schedule in force at the request.
        uint256 deadline = ghostDeadline(id);
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

    /// @dev Mode 0 probes any loan; 1: the lender claims to themself (first getting off the
    /// blacklist); 2: the lender, blacklisted or not, has it sent to another actor or an outsider;
    /// 3: someone else tries to have it sent to them, which must be refused.
    function claimEscrow(uint256 loanSeed, uint256 modeSeed) external step {
        uint256 mode = modeSeed % 4;
        (bool found, uint256 id) = mode == 0 ? _anyLoan(loanSeed) : _findEscrowed(loanSeed);
        if (!found) {
            return;
        }
        IMicroLending.Loan memory loan = lending.getLoan(id);
        if (loan.lender == address(0)) {
            return;
        }
        if (mode == 3) {
            address intruder = _actor(modeSeed >> 8);
            if (intruder == loan.lender) {
                intruder = OUTSIDER;
            }
            vm.prank(intruder);
            try lending.claimEscrowTo(id, intruder) {
                _unexpected("claimEscrowTo succeeded for someone not the lender");
            } catch (bytes memory e) {
                _expectRevert(
                    false,
                    e,
                    abi.encodeWithSelector(IMicroLending.MicroLending__NotLender.selector, id, intruder),
                    "claimEscrowTo by someone not the lender"
                );
            }
            return;
        }
        address to = loan.lender;
        if (mode == 2) {
            to = _actor(modeSeed >> 8);
            if (to == loan.lender || usdc.isBlacklisted(to)) {
                to = OUTSIDER;
            }
        } else if (usdc.isBlacklisted(loan.lender)) {
            if (mode == 0) {
                return;
            }
            usdc.setBlacklisted(loan.lender, false); // The lender got off the list and comes to claim.
        }
        uint256 toBefore = usdc.balanceOf(to);

        bool ok;
        bytes memory err;
        vm.prank(loan.lender);
        if (mode == 2) {
            try lending.claimEscrowTo(id, to) {
                ok = true;
            } catch (bytes memory e) {
                err = e;
            }
        } else {
            try lending.claimEscrow(id) {
                ok = true;
            } catch (bytes memory e) {
                err = e;
            }
        }
        if (loan.escrowed == 0) {
            _expectRevert(
                ok,
                err,
                abi.encodeWithSelector(IMicroLending.MicroLending__NothingToClaim.selector, id),
                "claimEscrow of nothing"
            );
            return;
        }
        if (!ok) {
            _unexpected("claimEscrow reverted");
            return;
        }
        ghostReleases[id]++;
        ghostReleasedTotal += loan.escrowed;
        effectiveCalls[mode == 2 ? bytes32("claimEscrowTo") : bytes32("claimEscrow")]++;
        if (usdc.balanceOf(to) - toBefore != loan.escrowed || lending.getLoan(id).escrowed != 0) {
            _unexpected("claimEscrow released a wrong amount");
        }
    }

    /// @dev A fee recipient, present or past, claims what is held for it, to an actor or an
    /// outsider; one time in eight, to the zero address, which must be refused.
    function claimFees(uint256 recipientSeed, uint256 toSeed) external step {
        address recipient = recipients[recipientSeed % RECIPIENT_COUNT];
        address to = toSeed % 8 == 0 ? address(0) : _actor(toSeed >> 8);
        if (to != address(0) && usdc.isBlacklisted(to)) {
            to = OUTSIDER;
        }
        uint256 held = ghostHeldFees[recipient];
        uint256 toBefore = to == address(0) ? 0 : usdc.balanceOf(to);

        bool ok;
        bytes memory err;
        _claimingFees = true;
        vm.prank(recipient);
        try lending.claimFees(to) {
            ok = true;
        } catch (bytes memory e) {
            err = e;
        }
        if (to == address(0)) {
            _expectRevert(
                ok, err, abi.encodeWithSelector(IMicroLending.MicroLending__ZeroAddress.selector), "claimFees to nobody"
            );
            return;
        }
        if (held == 0) {
            _expectRevert(
                ok,
                err,
                abi.encodeWithSelector(IMicroLending.MicroLending__NoFeesHeld.selector, recipient),
                "claimFees with nothing held"
            );
            return;
        }
        if (!ok) {
            _unexpected("claimFees reverted");
            return;
        }
        effectiveCalls["claimFees"]++;
        ghostHeldFees[recipient] = 0;
        ghostFeesClaimedTotal += held;
        if (usdc.balanceOf(to) - toBefore != held || lending.heldFees(recipient) != 0) {
            _unexpected("claimFees paid a wrong amount");
        }
    }

    /// @dev Someone sends USDC straight to the contract, by mistake.
    function strayTransfer(uint256 amount) external step {
        amount = bound(amount, 1, 100e6);
        usdc.mint(OUTSIDER, amount);
        vm.prank(OUTSIDER);
        usdc.transfer(address(lending), amount);
        ghostStrayTotal += amount;
        effectiveCalls["strayTransfer"]++;
    }

    /// @dev The owner sends back USDC sent by mistake: within the surplus, which must work, or one
    /// time in four beyond it, which must be refused (escrow and held fees are never the owner's).
    function rescueTokens(uint256 amount, uint256 modeSeed) external step {
        uint256 surplus = ghostStrayTotal - ghostRescuedTotal;
        bool over = modeSeed % 4 == 0;
        amount = over ? surplus + bound(amount, 1, 10e6) : bound(amount, 0, surplus);
        uint256 before = usdc.balanceOf(OUTSIDER);

        bool ok;
        bytes memory err;
        vm.prank(owner);
        try lending.rescueTokens(address(usdc), OUTSIDER, amount) {
            ok = true;
        } catch (bytes memory e) {
            err = e;
        }
        if (over) {
            _expectRevert(
                ok,
                err,
                abi.encodeWithSelector(IMicroLending.MicroLending__ExceedsSurplus.selector, amount, surplus),
                "rescueTokens beyond the surplus"
            );
            return;
        }
        if (!ok) {
            _unexpected("rescueTokens reverted within the surplus");
            return;
        }
        effectiveCalls["rescueTokens"]++;
        ghostRescuedTotal += amount;
        if (usdc.balanceOf(OUTSIDER) - before != amount) {
            _unexpected("rescueTokens sent a wrong amount");
        }
    }

    // ─── The owner ───────────────────────────────────────────────────────────────────────────

    /// @dev Raises or cuts the platform's APR ceiling anywhere in its bounds.
    function setMaxApr(uint256 aprSteps) external step {
        uint256 apr = 50 * bound(aprSteps, 2, 100);
        vm.prank(owner);
        try lending.setMaxApr(apr) {
            effectiveCalls[apr > ghostMaxApr ? bytes32("setMaxApr:up") : bytes32("setMaxApr:down")]++;
            ghostMaxApr = apr;
        } catch {
            _unexpected("setMaxApr reverted");
        }
    }

    /// @dev Sets any valid penalty schedule: it applies to loans requested from now on.
    function setPenaltyConfig(uint256 penaltyBps, uint256 grace, uint256 interval, uint256 maxIntervals)
        external
        step
    {
        if (ghostScheduleChanges == 254) {
            return; // The contract allows no more; its own test covers that.
        }
        maxIntervals = bound(maxIntervals, 1, 255);
        Schedule memory next = Schedule({
            penaltyBps: bound(penaltyBps, 0, min(500, 5_000 / maxIntervals)),
            grace: bound(grace, 0, 30 days),
            interval: bound(interval, 1 hours, 30 days),
            maxIntervals: maxIntervals
        });
        vm.prank(owner);
        try lending.setPenaltyConfig(next.penaltyBps, next.grace, next.interval, next.maxIntervals) {
            effectiveCalls["setPenaltyConfig"]++;
            ghostScheduleChanges++;
            _ghostCurrentSchedule = next;
        } catch {
            _unexpected("setPenaltyConfig reverted");
        }
    }

    /// @dev Cuts the fee; one time in eight tries to raise it, which must be refused.
    function setFeeBps(uint256 feeBps) external step {
        uint256 current = ghostFeeBps;
        bool raise = feeBps % 8 == 7;
        feeBps = raise ? current + bound(feeBps / 8, 1, 1_000) : bound(feeBps / 8, 0, current);

        bool ok;
        bytes memory err;
        vm.prank(owner);
        try lending.setFeeBps(feeBps) {
            ok = true;
        } catch (bytes memory e) {
            err = e;
        }
        if (raise) {
            _expectRevert(
                ok,
                err,
                abi.encodeWithSelector(IMicroLending.MicroLending__FeeIncrease.selector, current, feeBps),
                "setFeeBps raising the fee"
            );
        } else if (!ok) {
            _unexpected("setFeeBps reverted");
        } else {
            effectiveCalls["setFeeBps"]++;
            ghostFeeBps = feeBps;
        }
    }

    /// @dev Switches the fee recipient between the two; fees held for the former stay its own.
    function switchFeeRecipient() external step {
        address next = ghostFeeRecipient == recipients[0] ? recipients[1] : recipients[0];
        vm.prank(owner);
        try lending.setFeeRecipient(next) {
            effectiveCalls["setFeeRecipient"]++;
            ghostFeeRecipient = next;
        } catch {
            _unexpected("setFeeRecipient reverted");
        }
    }

    /// @dev Blacklists or clears a fee recipient (then fees for it are held, not sent).
    function toggleFeeRecipientBlacklist(uint256 recipientSeed) external step {
        address recipient = recipients[recipientSeed % RECIPIENT_COUNT];
        usdc.setBlacklisted(recipient, !usdc.isBlacklisted(recipient));
        effectiveCalls["toggleFeeRecipientBlacklist"]++;
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

    function feeRecipientAt(uint256 i) external view returns (address) {
        return recipients[i];
    }

    function feeRecipientCount() external pure returns (uint256) {
        return RECIPIENT_COUNT;
    }

    /// @dev The penalty schedule in force when loan `id` was requested.
    function ghostSchedule(uint256 id) external view returns (Schedule memory) {
        return _ghostSchedule[id];
    }

    /// @dev When a funded loan may first be marked defaulted, less one second: its due date plus
    /// the grace period of its request.
    function ghostDeadline(uint256 id) public view returns (uint256) {
        return ghostFundedAt[id] + ghostDuration[id] + _ghostSchedule[id].grace;
    }

    /// @dev The late penalty of a funded loan repaid at `at`, under its request's schedule.
    function ghostPenalty(uint256 id, uint256 principal, uint256 at) public view returns (uint256) {
        uint256 deadline = ghostDeadline(id);
        if (at <= deadline) {
            return 0;
        }
        Schedule memory s = _ghostSchedule[id];
        uint256 intervals = min(ceilDiv(at - deadline, s.interval), s.maxIntervals);
        return ceilDiv(principal * s.penaltyBps * intervals, 10_000);
    }

    // ─── Internals ───────────────────────────────────────────────────────────────────────────

    /// @dev Records the first terminal status seen for every loan, and whether a recipient's held
    /// fees fell other than by its claim, after every action.
    function _observe() internal {
        for (uint256 i = 0; i < RECIPIENT_COUNT; i++) {
            uint256 held = lending.heldFees(recipients[i]);
            if (held < _lastSeenHeldFees[recipients[i]] && !_claimingFees) {
                ghostHeldFeesFellWithoutClaim++;
            }
            _lastSeenHeldFees[recipients[i]] = held;
        }
        _claimingFees = false;
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

    /// @dev Compares what the contract asks of a funded loan now with the request-time terms.
    function _checkPenalty(uint256 id, uint256 principal, uint256 penalty, uint256 total) internal {
        uint256 expected = ghostPenalty(id, principal, currentTime);
        uint256 interest = ceilDiv(principal * ghostApr[id] * ghostDuration[id], 10_000 * 365 days);
        if (expected != 0) {
            ghostLateRepayments++;
        }
        if (penalty != expected || total != principal + interest + expected) {
            ghostWrongPenalties++;
            _unexpected("repayLoan charged other than the request-time schedule's penalty");
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
