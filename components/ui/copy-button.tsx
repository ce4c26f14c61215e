'use client';
/**
 * 复制: puts a text on the clipboard and says 已复制. Where the Clipboard API is missing or refused
 * (plain http, an old WebView) a selected, off-screen textarea and execCommand('copy') do it.
 */
import toast from 'react-hot-toast';

function copyByHand(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.left = '-9999px';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // refused: try the old way
  }
  return copyByHand(text);
}

/** `label`: what is copied, for the button's accessible name (复制激活码 …); the button says 复制. */
export function CopyButton({ text, label }: { text: string; label?: string }) {
  const copy = async () => {
    if (await copyText(text)) toast.success('已复制');
    else toast.error('复制失败，请长按文字手动复制');
  };
  return (
    <button type="button" className="btn btn-ghost btn-sm" onClick={copy} aria-label={label ? `复制${label}` : undefined}>
      复制
    </button>
  );
}
