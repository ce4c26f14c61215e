/**
 * The page of a device screen. Its file under app/(shop)/ is only
 *
 *   import { OrderDetailScreen } from '@/components/account/order-screens';
 *   const { metadata, Page } = screenPage('/OrderDetailPC', OrderDetailScreen);
 *   export { metadata, Page as default };
 *
 * The path says for which device the screen draws (lib/domain/screens.ts); its title and canonical are the
 * path's own (lib/seo/routes.ts). Each page imports only its own screen: a page's browser bundle holds
 * every client component its server modules import, so one module importing every screen would make
 * the cart ship the invoice and review forms too.
 */
import type { Metadata } from 'next';
import type { Device } from '@/lib/web/device';
import type { PageQuery } from '@/lib/web/page-query';
import { deviceOf, type SCREENS, type Screen } from '@/lib/domain/screens';
import { routeMetadata } from '@/lib/seo/metadata';
import type { DeviceQueryScreenProps, DeviceScreenProps } from './screen-props';

export type ScreenView = (props: DeviceQueryScreenProps) => React.ReactNode | Promise<React.ReactNode>;

/**
 * The screens drawn by one component on both devices, told which device it is drawing for. The
 * personal screens (我的, 个人信息, 收货地址) take no device and keep their own small pages.
 */
type ViewScreen = Exclude<Screen, 'account' | 'profile' | 'address'>;
/** The paths screenPage serves: both devices' paths of the screens above. */
export type ViewPath = (typeof SCREENS)[ViewScreen][Device];

export type ShopPage = { metadata: Metadata; Page: (props: { searchParams: Promise<PageQuery> }) => Promise<React.ReactNode> };

/** The device a screen path draws for (lib/domain/screens.ts); a path of no screen is a programming error. */
function deviceFor(path: ViewPath): Device {
  const device = deviceOf(path);
  if (!device) throw new Error(`${path} is no device screen of lib/domain/screens.ts`);
  return device;
}

export function screenPage(path: ViewPath, View: ScreenView): ShopPage {
  const device = deviceFor(path);
  const Page = async ({ searchParams }: { searchParams: Promise<PageQuery> }) => <View path={path} device={device} query={await searchParams} />;
  return { metadata: routeMetadata(path), Page };
}

/**
 * The page of a screen that is the same for every visitor and every query (the cart: its lines come
 * from the API in the browser). It reads neither the session nor the query, so Next renders it once and
 * serves it from the cache like a catalog page, with its scripts after the first paint
 * (docs/decisions/paint-first.md).
 */
export function sharedScreenPage(path: ViewPath, View: (props: DeviceScreenProps) => React.ReactNode): { metadata: Metadata; Page: () => React.ReactNode } {
  const device = deviceFor(path);
  const Page = () => <View path={path} device={device} />;
  return { metadata: routeMetadata(path), Page };
}
