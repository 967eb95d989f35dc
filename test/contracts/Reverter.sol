// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A contract whose calls revert: `fail()` with a reason, and any other call or plain transfer too.
contract Reverter {
    function fail() external pure {
        revert("Reverter: always fails");
    }

    fallback() external payable {
        revert("Reverter: always fails");
    }
}
