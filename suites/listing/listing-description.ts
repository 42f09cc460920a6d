/**
 * The paging parameters the provider's own OpenAPI description declares for its listing, when the run
 * was given one (TARGET_OPENAPI_FILE, `--openapi`): read once a worker. The run checked the file before
 * any request (conformance-run/conformance.ts), so here it reads.
 */
import { type ListingParameters, readDescribedListing } from '../../config/index.ts';

let described: { parameters: ListingParameters | undefined } | undefined;

export const describedListingParameters = (): ListingParameters | undefined => {
  described ??= { parameters: readDescribedListing()?.parameters };
  return described.parameters;
};
