/*
 * The test process's audit: what it holds at exit that it did not hold at
 * start. Runs by itself (a constructor and an exit handler) when the
 * environment has UNDERSTUDY_PROCESS_AUDIT set (scripts/test sets it).
 */
#ifndef UNDERSTUDY_PROCESS_AUDIT_H
#define UNDERSTUDY_PROCESS_AUDIT_H

/* 1 when the audit is on in this process. */
int understudy_process_audit_enabled(void);

#endif
