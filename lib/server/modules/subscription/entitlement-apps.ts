/** The shop's apps that ask for entitlements, each for its own product (by the product's slug). */
export const ENTITLEMENT_APPS: Readonly<Record<string, string>> = {
  mail: 'quantum-mail',
  ding: 'quantum-ding',
  meeting: 'quantum-meeting',
  identity: 'quantum-identity',
};
