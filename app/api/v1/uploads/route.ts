import { RESULT } from '@/lib/api/protocol';
import { UPLOAD_MAX_BYTES } from '@/lib/domain/uploads';
import { AppError } from '@/lib/server/errors';
import { requireUser } from '@/lib/server/http/auth';
import { handle, ok, readCappedBytes, TOO_LARGE } from '@/lib/server/http/envelope';
import { saveUpload, takeUploadTry } from '@/lib/server/modules/uploads';

/** The photo and the multipart framing around it. */
const CAP = UPLOAD_MAX_BYTES + 64 * 1024;

export const POST = handle(
  async (req) => {
    const user = await requireUser(req);
    // Every try counts, whatever becomes of it (docs/after-sales.md#photos).
    await takeUploadTry(user.id);
    const bytes = await readCappedBytes(req, CAP);
    if (bytes === null) throw new AppError(RESULT.PAYLOAD_TOO_LARGE, TOO_LARGE);
    let form: FormData;
    try {
      form = await new Response(Buffer.from(bytes), { headers: { 'content-type': req.headers.get('content-type') ?? '' } }).formData();
    } catch {
      throw new AppError(RESULT.BAD_REQUEST, '请以表单方式上传图片');
    }
    return ok(await saveUpload(user.id, form.get('file')), '图片已上传');
  },
  { maxBody: CAP },
);
