// The bare app's root layout: the same document shell as the shop's (lang zh-CN), nothing else.
export const metadata = { title: '量盾商城 bench baseline' };

export default function RootLayout({ children }) {
  return (
    <html lang="zh-CN">
      <body>{children}</body>
    </html>
  );
}
