#pragma once
// The part of libtracefs (Debian libtracefs-dev 1.6) the sched-trace probe
// calls, declared here because <tracefs/tracefs.h> does not compile as C++:
// its inline helpers pass an int where an enum is expected, which C allows
// and C++ refuses.  The signatures are copied from that header (1.6.4) and
// are part of libtracefs's stable ABI; libtraceevent's own header is fine.
#include <event-parse.h>
#include <sched.h>

extern "C" {
struct tracefs_instance;
int tracefs_set_tracing_dir(char* tracing_dir);
struct tracefs_instance* tracefs_instance_alloc(const char* tracing_dir, const char* name);
void tracefs_instance_free(struct tracefs_instance* instance);
struct tep_handle* tracefs_local_events_system(const char* tracing_dir, const char* const* sys_names);
int tracefs_event_enable(struct tracefs_instance* instance, const char* system, const char* event);
int tracefs_iterate_raw_events(struct tep_handle* tep, struct tracefs_instance* instance, cpu_set_t* cpus,
                               int cpu_size,
                               int (*callback)(struct tep_event*, struct tep_record*, int, void*),
                               void* callback_context);
}
