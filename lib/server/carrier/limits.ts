/** How the sweep asks the carrier about parcels (docs/rules.md#parcel-tracking, docs/tracking.md). */

/** A waybill not yet signed whose last event (or 发货) is this old is asked about at the carrier by the sweep. */
export const TRACKING_QUIET_QUERY_H = 6;
/** The most waybills one sweep asks about (快递100 limits real-time queries). */
export const TRACKING_QUERY_BATCH = 20;
