import { formatFen } from '@/lib/domain/money';

export function Price({ fen, listFen, from = false, size }: { fen: number; listFen?: number; from?: boolean; size?: string }) {
  return (
    <span>
      <span className="price" style={size ? { fontSize: size } : undefined}>
        {formatFen(fen)}
        {from ? <small> 起</small> : null}
      </span>
      {listFen && listFen > fen ? (
        <span className="price-list">
          <span className="sr-only">原价</span>
          {formatFen(listFen)}
        </span>
      ) : null}
    </span>
  );
}
