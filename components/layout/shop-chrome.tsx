import { DesktopHeader } from './desktop-header';
import { Footer } from './footer';
import { MobileHeader } from './mobile-header';
import { TabBar } from './tab-bar';

/** Header, navigation, footer and tab bar around every shop page (desktop and mobile by CSS). */
export function ShopChrome({ children }: { children: React.ReactNode }) {
  return (
    <>
      <DesktopHeader />
      <MobileHeader />
      <main id="main">
        <div className="container">{children}</div>
      </main>
      <Footer />
      <TabBar />
    </>
  );
}
