import { FILE_UPLOAD_CHUNK_BYTES, filesRoutes, servicesRoutes } from '@hostpilot/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { saveFile } from '@/lib/save-file';
import { api } from '@/lib/session';
import { dashboardKeys } from './keys';

/**
 * The file manager of a hosting service (docs/decisions/057-file-manager.md): a folder's listing, a text file to
 * edit, uploads in chunks with their progress, downloads, and the changes (folder, move, delete, extract), each
 * refreshing the folders of the service.
 */

const at = (serviceId: string) => ({ params: { id: serviceId } });

export const hostingServiceQuery = (serviceId: string) =>
  queryOptions({
    queryKey: [...dashboardKeys.hosting(), 'detail', serviceId] as const,
    queryFn: ({ signal }) => api.call(servicesRoutes.getHostingItem, { ...at(serviceId), signal }),
  });

export const folderQuery = (serviceId: string, path: string) =>
  queryOptions({
    queryKey: dashboardKeys.folder(serviceId, path),
    queryFn: ({ signal }) => api.call(filesRoutes.getHostingFiles, { ...at(serviceId), query: { path }, signal }),
  });

export const textFileQuery = (serviceId: string, path: string) =>
  queryOptions({
    queryKey: [...dashboardKeys.files(serviceId), 'text', path] as const,
    queryFn: ({ signal }) => api.call(filesRoutes.getHostingFilesText, { ...at(serviceId), query: { path }, signal }),
    staleTime: 0,
    gcTime: 0,
  });

function useRefresh(serviceId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: dashboardKeys.files(serviceId) });
}

function base64Of(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/** Uploads a file in chunks; `onProgress` hears the bytes sent so far. The quota is checked before the first. */
export function useUploadFile(serviceId: string) {
  const refresh = useRefresh(serviceId);
  return useMutation({
    mutationFn: async ({
      file,
      path,
      overwrite = false,
      onProgress,
    }: {
      file: File;
      path: string;
      overwrite?: boolean;
      onProgress?: (sent: number, total: number) => void;
    }) => {
      let upload = await api.call(filesRoutes.postHostingFilesUploads, {
        ...at(serviceId),
        body: { path, size: file.size, overwrite },
      });
      onProgress?.(0, file.size);
      for (let offset = 0; offset < file.size; offset += FILE_UPLOAD_CHUNK_BYTES) {
        const chunk = new Uint8Array(await file.slice(offset, offset + FILE_UPLOAD_CHUNK_BYTES).arrayBuffer());
        upload = await api.call(filesRoutes.putHostingFilesUploadsItem, {
          params: { id: serviceId, uploadId: upload.uploadId },
          body: { offset, data: base64Of(chunk) },
        });
        onProgress?.(upload.received, file.size);
      }
      return upload;
    },
    onSettled: refresh,
  });
}

export function useDownloadFile(serviceId: string) {
  return useMutation({
    mutationFn: async (path: string) =>
      saveFile(await api.downloadFrom(filesRoutes.getHostingFilesDownload, { ...at(serviceId), query: { path } })),
  });
}

export function useSaveTextFile(serviceId: string) {
  const refresh = useRefresh(serviceId);
  return useMutation({
    mutationFn: (input: { path: string; content: string }) =>
      api.call(filesRoutes.putHostingFilesText, { ...at(serviceId), body: input }),
    onSuccess: refresh,
  });
}

export function useMakeFolder(serviceId: string) {
  const refresh = useRefresh(serviceId);
  return useMutation({
    mutationFn: (path: string) => api.call(filesRoutes.postHostingFilesFolders, { ...at(serviceId), body: { path } }),
    onSuccess: refresh,
  });
}

export function useMoveFile(serviceId: string) {
  const refresh = useRefresh(serviceId);
  return useMutation({
    mutationFn: (input: { from: string; to: string }) =>
      api.call(filesRoutes.postHostingFilesMove, { ...at(serviceId), body: input }),
    onSuccess: refresh,
  });
}

export function useDeleteFile(serviceId: string) {
  const refresh = useRefresh(serviceId);
  return useMutation({
    mutationFn: (path: string) => api.call(filesRoutes.postHostingFilesDelete, { ...at(serviceId), body: { path } }),
    onSuccess: refresh,
  });
}

export function useExtractZip(serviceId: string) {
  const refresh = useRefresh(serviceId);
  return useMutation({
    mutationFn: (input: { path: string; into: string }) =>
      api.call(filesRoutes.postHostingFilesExtract, { ...at(serviceId), body: input }),
    onSuccess: refresh,
  });
}
