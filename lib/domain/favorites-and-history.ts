/** 我的收藏 and 足迹 (docs/rules.md#favorites-and-history): how many products each keeps. */

/** Products one shopper may keep in 我的收藏. */
export const FAVORITES_MAX = 200;
/** Products kept in a shopper's 足迹 (the oldest view goes first). */
export const HISTORY_KEPT = 100;
