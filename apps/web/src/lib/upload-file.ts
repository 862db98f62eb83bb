import { errorText } from '@tkc/contracts/api/error-codes';
import { mebibytes, UPLOAD_KINDS, type UploadKind } from '@tkc/contracts/api/uploads';
import { type DetailedError, Upload } from 'tus-js-client';
import { API_BASE, ApiError, apiErrorOfAnswer } from './api-client';
import { getSession } from './session';

// POST/PATCH /uploads (tus 1.0, docs/api.md#uploads), for every tool: the Signer's file
// ('signer-input') and each file of a CAP folder ('cap-source'). The file goes up in pieces; a
// cut connection is retried from the offset the server stored (a HEAD asks for it), and an
// upload of this file started in an earlier visit resumes where it stopped (docs/signer.md#upload).

/** Bytes per PATCH: small enough that a cut loses little, large enough to keep the line busy. */
const CHUNK_BYTES = 8 * 1024 * 1024;
/** Waits between retries of a failed piece (a cut connection, a server restarting). */
const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000, 20_000];

export type FileUpload = {
  /** Resolves to the upload id once the server holds every byte. */
  done: Promise<string>;
  /** Stops sending and deletes what the server stored. */
  cancel: () => Promise<void>;
};

/** The server's coded error of a failed tus call, as the rest of the console shows errors. */
function errorOf(error: Error | DetailedError): Error {
  const response = (error as DetailedError).originalResponse;
  if (!response) return new ApiError({ message: error.message, status: 0, code: 'ERR_NETWORK' });
  let body: unknown = null;
  try {
    body = JSON.parse(response.getBody());
  } catch {
    // not JSON: the status says enough
  }
  const status = response.getStatus();
  return apiErrorOfAnswer(new Response(null, { status: status >= 200 ? status : 500 }), body);
}

export function uploadFile(
  file: File,
  kind: UploadKind,
  onProgress: (sentBytes: number) => void,
): FileUpload {
  const limit = UPLOAD_KINDS[kind].maxBytes;
  if (file.size > limit) {
    // Nothing to send: the server would refuse it with the same coded 413.
    const params = { mb: mebibytes(limit), limit };
    const error = apiErrorOfAnswer(new Response(null, { status: 413 }), {
      status: 413,
      msg: errorText('upload.too_large', params),
      code: 'upload.too_large',
      params,
    });
    return { done: Promise.reject(error), cancel: async () => {} };
  }
  const token = getSession().token ?? '';
  let upload: Upload | undefined;
  let stop = () => {};
  const done = new Promise<string>((resolve, reject) => {
    stop = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    upload = new Upload(file, {
      endpoint: `${API_BASE}/uploads`,
      headers: { Authid: token },
      metadata: { kind, filename: file.name },
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onProgress: (sent) => onProgress(sent),
      onError: (error) => reject(errorOf(error)),
      onSuccess: () => resolve(upload!.url!.split('/').pop()!),
    });
    const started = upload;
    // The same file, left half-way in an earlier visit, goes on from where it stopped.
    void started
      .findPreviousUploads()
      .then((previous) => {
        if (previous[0]) started.resumeFromPreviousUpload(previous[0]);
      })
      .catch(() => {})
      .finally(() => started.start());
  });
  return {
    done,
    cancel: async () => {
      stop();
      await upload?.abort(true).catch(() => {});
    },
  };
}
