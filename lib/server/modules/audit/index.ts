/** The operator audit log: every console write leaves a row (docs/api.md#operator-endpoints); the console reads it through lib/server/views/audit-log.ts. The module's public surface: docs/architecture.md. */
export { auditActionLabel, writeAudit } from './audit';
