import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { INLINE_SCRIPT_HASHES } from '../lib/inline-scripts';

/** The security headers of every answer: the content security policy, and HSTS over HTTPS only. */
export function securityHeaders(): RequestHandler[] {
  return [
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // Inline, only the appearance script and the drawn pages' after-paint loader, by their hashes.
          scriptSrc: ["'self'", ...INLINE_SCRIPT_HASHES],
          // styled-components injects <style> elements at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          // 'self' covers the same-origin socket (ws/wss) too; no other origin is ever contacted.
          connectSrc: ["'self'"],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      // Sent only over HTTPS (below): on plain HTTP it means nothing, and on localhost it would pin the name to HTTPS.
      strictTransportSecurity: false,
    }),
    (req, res, next) => {
      if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
      next();
    },
  ];
}
