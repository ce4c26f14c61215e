/** Where the shopping guide explains activation codes: the order's codes and 我的服务 link here (a small file: client code imports it). */
export const ACTIVATION_GUIDE_ANCHOR = 'activation';
export const ACTIVATION_GUIDE_HREF = `/helpCenter/userGuide#${ACTIVATION_GUIDE_ANCHOR}`;
