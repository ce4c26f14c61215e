/**
 * Parcel tracking at the carrier (快递100): waybills followed, their events once each, their state, the pushes' signature checks.
 *
 * Parcel tracking (docs/tracking.md): waybills followed at the carrier, their events and state.
 */
export {
  askAboutQuietWaybills,
  destinationOf,
  latestEventOfOrder,
  openWaybill,
  orderSignedAt,
  type ParcelNews,
  receivePush,
  subscribeAtCarrier,
  waybillOfAfterSale,
  waybillOfExchange,
  waybillOfOrder,
  WAREHOUSE_DESTINATION,
} from './tracking';
