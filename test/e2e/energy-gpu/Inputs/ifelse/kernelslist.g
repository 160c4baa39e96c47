MemcpyHtoD,0x00007fd165500000,400
kernel-1.traceg
