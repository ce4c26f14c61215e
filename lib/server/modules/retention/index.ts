/** Retention (docs/privacy.md#retention): old security records and delivered outbox events deleted. The module's public surface: docs/architecture.md. */
export { sweepSecurityRecords } from './retention';
