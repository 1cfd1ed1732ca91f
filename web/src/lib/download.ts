import type { ClientResponse } from 'hono/client';
import { okResponse } from './api';

/** 'WorkOrder-WO-2026-0001.pdf' from `attachment; filename="WorkOrder-WO-2026-0001.pdf"`, else `fallback`. */
export function filenameOf(contentDisposition: string | null, fallback: string): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(contentDisposition ?? '');
  const name = match?.[1] ? decodeURIComponent(match[1]).trim() : '';
  // Only a plain file name: never a path.
  return name && !/[\\/]/.test(name) ? name : fallback;
}

/**
 * Awaits a typed client call for a file (a PDF) and hands it to the browser's
 * download, named as the reply's Content-Disposition says, else
 * `fallbackName`. Returns the name. Errors are the API client's ApiErrors.
 */
export async function downloadFile(
  request: Promise<ClientResponse<unknown, number, string>>,
  fallbackName: string,
): Promise<string> {
  const response = await okResponse(request);
  const blob = await response.blob();
  const filename = filenameOf(response.headers.get('content-disposition'), fallbackName);
  saveBlob(blob, filename);
  return filename;
}

/** Saves a blob as a download named `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the download a moment to start before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
