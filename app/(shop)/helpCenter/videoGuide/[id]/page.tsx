import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { VideoGuideView } from '@/components/help/video-guide';
import { findVideo, VIDEOS } from '@/content/help/videos';
import { buildMetadata } from '@/lib/seo/metadata';

type Props = { params: Promise<{ id: string }> };

export const dynamicParams = false;

export function generateStaticParams() {
  return VIDEOS.map((v) => ({ id: v.id }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const video = findVideo((await params).id);
  if (!video) return {};
  return buildMetadata({
    title: `${video.title}_视频教程 - 帮助中心 - 量盾商城`,
    description: video.summary,
    keywords: video.keywords,
    canonicalPath: `/helpCenter/videoGuide/${video.id}`,
    image: video.poster.src,
  });
}

export default async function VideoGuidePage({ params }: Props) {
  const video = findVideo((await params).id);
  if (!video) notFound();
  return <VideoGuideView video={video} />;
}
