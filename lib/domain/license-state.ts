/** The states of an activation code (docs/states.md#licences), as 我的服务 and the order show them. */
export const LICENSE_STATE_LABEL = {
  unused: '未激活',
  active: '已激活',
  revoked: '已作废',
} as const;

export type LicenseState = keyof typeof LICENSE_STATE_LABEL;

/** A code is 已作废 once a refund took it back, else 已激活 once activated, else 未激活. */
export const licenseState = (l: { activatedAt: unknown; revoked: boolean }): LicenseState => (l.revoked ? 'revoked' : l.activatedAt ? 'active' : 'unused');

