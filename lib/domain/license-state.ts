/** The states of an activation code (docs/states.md#licences), as 我的服务 and the order show them. */
export const LICENSE_STATE_LABEL = {
  unused: '未激活',
  active: '已激活',
  revoked: '已作废',
} as const;

export type LicenseState = keyof typeof LICENSE_STATE_LABEL;

/** A code is 已作废 once a refund took it back, else 已激活 once activated, else 未激活. */
export const licenseState = (l: { activatedAt: unknown; revoked: boolean }): LicenseState => (l.revoked ? 'revoked' : l.activatedAt ? 'active' : 'unused');


/** An activation code as the shop writes it: four groups of four from 2–9 and A–Z without I and O (7KQ2-M9XD-4RTA-PZ3F). */
export const LICENSE_CODE = /^[2-9A-HJ-NP-Z]{4}(?:-[2-9A-HJ-NP-Z]{4}){3}$/;
