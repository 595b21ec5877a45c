def _x(ctx): pass
replace_under_agent=full_disk=notify_restart=mutate_readers=dst_simulate=_x
