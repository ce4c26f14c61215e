import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { StoryDetail } from '@/components/stories/story-detail';
import { findStory, STORIES } from '@/content/stories';
import { buildMetadata } from '@/lib/seo/metadata';

type Props = { params: Promise<{ id: string }> };

export const dynamicParams = false;

export function generateStaticParams() {
  return STORIES.map((s) => ({ id: s.id }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const story = findStory((await params).id);
  if (!story) return {};
  return buildMetadata({
    title: `${story.client}：${story.title}_客户案例 - 量盾商城`,
    description: story.summary,
    keywords: story.keywords,
    canonicalPath: `/userStoreProc/${story.id}`,
    image: story.image.src,
  });
}

export default async function StoryPage({ params }: Props) {
  const story = findStory((await params).id);
  if (!story) notFound();
  return <StoryDetail story={story} />;
}
