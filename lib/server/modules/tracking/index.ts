/** Parcel tracking (docs/tracking.md): waybills followed at the carrier, their events and state. */
export {
  autoCompleteFrom,
  destinationOf,
  latestEventOfOrder,
  openWaybill,
  queryQuietWaybills,
  quietWaybills,
  receivePush,
  sendSubscription,
  waybillOfAfterSale,
  waybillOfExchange,
  waybillOfOrder,
  waybillOwners,
  WAREHOUSE_DESTINATION,
} from './tracking';
