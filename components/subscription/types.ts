export type { Subscription, SubscriptionDetail } from '@/lib/server/views/subscriptions';
