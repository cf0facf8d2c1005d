import { AgentUnreachableError, createAgentClient } from '@hostpilot/agent/client';
import type { FileEntry, FileUpload } from '@hostpilot/shared';
import { fileError } from '../../../files';

/**
 * The file manager's calls to a web node's agent (docs/decisions/057-file-manager.md), for one site: each a signed
 * request with the server's secret, as the driver's (docs/decisions/055-web-node-agent.md). A refusal of the agent
 * becomes the API's error with its translated code; an agent that does not answer, 503.
 */
export function createWebNodeFiles(settings: { agentUrl: string; sharedSecret: string }, siteId: string) {
  const client = createAgentClient({ url: settings.agentUrl, secret: settings.sharedSecret, timeoutMs: 120_000 });
  const base = `/v1/sites/${encodeURIComponent(siteId)}/files`;
  async function call<T>(method: string, path: string, body: unknown): Promise<T> {
    let answer;
    try {
      answer = await client.call<T & { error?: string; message?: string }>(method, `${base}${path}`, body);
    } catch (error) {
      if (error instanceof AgentUnreachableError)
        throw fileError(503, { error: 'unreachable', message: error.message });
      throw error;
    }
    if (answer.status >= 300) throw fileError(answer.status, answer.body);
    return answer.body;
  }
  return {
    list: (path: string) => call<{ path: string; entries: FileEntry[]; total: number }>('POST', '/list', { path }),
    async download(path: string, offset: number) {
      const answer = await call<{ size: number; data: string; done: boolean }>('POST', '/download', { path, offset });
      return { size: answer.size, data: Buffer.from(answer.data, 'base64'), done: answer.done };
    },
    readText: (path: string) =>
      call<{ path: string; content: string; size: number; modifiedAt: string }>('POST', '/text', { path }),
    saveText: (path: string, content: string) =>
      call<{ path: string; size: number; modifiedAt: string }>('PUT', '/text', { path, content }),
    async startUpload(input: { path: string; size: number; overwrite: boolean }): Promise<FileUpload> {
      const answer = await call<FileUpload>('POST', '/uploads', input);
      return {
        uploadId: answer.uploadId,
        path: input.path,
        size: answer.size,
        received: answer.received,
        done: answer.done,
      };
    },
    async uploadChunk(uploadId: string, chunk: { offset: number; data: string }): Promise<FileUpload> {
      const answer = await call<FileUpload>('PUT', `/uploads/${encodeURIComponent(uploadId)}`, chunk);
      return { uploadId, path: answer.path, size: answer.size, received: answer.received, done: answer.done };
    },
    makeFolder: (path: string) => call<unknown>('POST', '/folders', { path }),
    move: (from: string, to: string) => call<unknown>('POST', '/move', { from, to }),
    remove: (path: string) => call<unknown>('POST', '/delete', { path }),
    extract: (path: string, into: string) => call<{ files: number }>('POST', '/extract', { path, into }),
  };
}

export type WebNodeFiles = ReturnType<typeof createWebNodeFiles>;
