import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { quickRepliesQueryOptions } from '@/lib/conversation/queries';

/** PUT /api/admin/quick-replies: the super admin replaces the admins' quick replies (in order). */
export function useSaveQuickReplies() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (replies: string[]) => apiRequest<string[]>('/api/admin/quick-replies', { method: 'PUT', body: { replies } }),
    onSuccess: (saved) => queryClient.setQueryData(quickRepliesQueryOptions().queryKey, saved),
  });
}
