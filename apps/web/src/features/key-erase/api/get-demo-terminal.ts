import { demoTerminalResponse } from '@tkc/contracts/api/erase';
import { apiRequest } from '@/lib/api-client';

// POST /uld/erase/demo-terminal (demo mode only): the simulated terminal's identity and the key
// material it trusts; its serial number is registered to the caller's company by the server.

export async function getDemoTerminal() {
  const answer = await apiRequest('/uld/erase/demo-terminal', {
    method: 'POST',
    schema: demoTerminalResponse,
    auth: 'required',
  });
  return answer.data;
}
