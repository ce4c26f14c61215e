/**
 * The enterprise-purchase and private-deployment forms (企业采购, 私有化部署), and the console's list of them.
 *
 * Leads from the enterprise and deployment forms, and the console's list of them. The module's public surface: docs/architecture.md.
 */
export { type LeadRow, listLeadsPage } from './admin';
export { createLead } from './leads';
