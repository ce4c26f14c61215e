/** The personal center: its tab nav (rendered by each page, which knows its own tab) beside the tab's content. */
export default function PersonalCenterLayout({ children }: { children: React.ReactNode }) {
  return <div className="pc-layout">{children}</div>;
}
