/** Parcel tracking (docs/tracking.md): waybills followed at the carrier, their events and state. */
export {
  autoCompleteFrom,
  destinationOf,
  latestEventOfOrder,
  openWaybill,
  queryQuietWaybills,
  receivePush,
  sendSubscription,
  waybillOfAfterSale,
  waybillOfExchange,
  waybillOfOrder,
  WAREHOUSE_DESTINATION,
} from './tracking';
