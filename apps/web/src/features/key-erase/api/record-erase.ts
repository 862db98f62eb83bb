import type { deviceLogLine } from '@tkc/contracts/api/erase';
import { eraseRecordResponse } from '@tkc/contracts/api/erase';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

// POST /uld/erase: records how a run ended (every run, success or failure).

export type EraseRecordInput = {
  sn: string;
  esn: string;
  rn: string;
  status: number;
  log: z.infer<typeof deviceLogLine>[];
};

export async function recordErase(input: EraseRecordInput) {
  const answer = await apiRequest('/uld/erase', {
    method: 'POST',
    body: input,
    schema: eraseRecordResponse,
    auth: 'required',
  });
  return answer.data;
}
