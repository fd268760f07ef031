import { KratosError } from '../http/errors';

/**
 * `GET /self-service/fed-cm/parameters` and `POST /self-service/fed-cm/token`. Kratos OSS
 * (v26.2.0) only documents them: their handler lives in the Ory Network, and Kratos itself answers
 * both with 404. We answer the same status, as a JSON error like every other answer under
 * /self-service, because this server has no FedCM provider either.
 */
export async function fedcmUnavailable(): Promise<void> {
  throw new KratosError(404, undefined, 'The requested resource could not be found', 'FedCM is not available: no FedCM provider is configured on this server.');
}
