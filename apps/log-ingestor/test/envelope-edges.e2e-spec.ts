import { describeEnvelopeEdges } from '@craftstats/platform/testing';
import { createIngestorApp } from '../src/create-ingestor-app';

// Every answer with a body is the envelope, also for the requests Node's HTTP server and Fastify answer
// themselves, and HEAD answers have no body: the walk is shared by both apps
// (libs/platform/src/testing/envelope-edges.ts).
describeEnvelopeEdges('log-ingestor', createIngestorApp);
