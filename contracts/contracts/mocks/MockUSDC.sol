// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";

/// @title MockUSDC
/// @notice A USDC stand-in for local chains and tests only: 6 decimals, EIP-2612 permit, and
/// minting open to anyone, because this token has no value. Never deployed to a public network.
contract MockUSDC is ERC20, ERC20Permit {
    constructor() ERC20("USD Coin", "USDC") ERC20Permit("USD Coin") {}

    /// @notice USDC counts in millionths.
    function decimals() public pure override returns (uint8) {
        return 6;
    }

    /// @notice Mints `amount` (6-decimal units) to `to`.
    /// @dev Emits {Transfer} from the zero address.
    /// @param to The receiver of the new tokens.
    /// @param amount The amount in 6-decimal units.
    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }
}
