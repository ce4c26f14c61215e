/**
 * Shoppers' and operators' accounts: login by SMS code or password, sessions, profiles, the shopper's addresses.
 *
 * Accounts: logging in by SMS code, sessions, operators, the shopper's addresses. The module's public surface: docs/architecture.md.
 */
export { type Address, createAddress, deleteAddress, findAddress, getAddress, listAddresses, updateAddress } from './address';
export { changePassword, consumeSmsCode, findSessionUser, getProfile, issueSmsCode, login, type LoginResult, logout, type Profile, requestLoginCode, requestPasswordCode, requireSessionUser, type SessionUser, updateProfile } from './auth';
export { isOperatorToken, makeOperator } from './operators';
export { forgetUser, lockOpenAccount } from './forget';
export { activePhone } from './phone';
export { pruneSecurityRecords } from './prune';
