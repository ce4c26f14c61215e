// Next's defaults, as `create-next-app` would leave them, except the X-Powered-By header the shop
// also turns off (a few bytes on every answer).
export default { poweredByHeader: false };
