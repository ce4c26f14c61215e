/** The 企业采购 / 私有化部署 forms (docs/rules.md#leads): how long their fields may be (schema, form and columns). */

export const LEAD_MESSAGE_MAX = 1000;
export const LEAD_NAME_MAX = 40;
export const LEAD_COMPANY_MAX = 100;
