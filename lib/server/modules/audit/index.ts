/**
 * The operator audit log: every write in the console leaves a row, which the console reads back.
 *
 * The operator audit log: every console write leaves a row (docs/api.md#operator-endpoints). The module's public surface: docs/architecture.md.
 */
export { type AuditRow, listAudit, writeAudit } from './audit';
